// Every line of tests/data/endgames.txt against the endgame oracle without a node budget, the
// 11-ply three-kings win included (several seconds: the oracle uses the slow reference rules).

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tests/engine/oracle_data.hpp"

namespace draughts::engine {
namespace {

TEST(EndgameOracleData, EveryEndingHasItsStatedOutcome) {
    const auto rows = testing::read_data_table("endgames.txt");
    ASSERT_GE(rows.size(), 9u);
    for (const auto& row : rows)
        EXPECT_TRUE(
            test::check_endgame_with_oracle(row, std::numeric_limits<std::uint64_t>::max()));
}

}  // namespace
}  // namespace draughts::engine
