// Acceptance 1 of issue 18 (all of 4 pieces: oracle_agreement_slowtest.cpp): every stored value,
// read with every count the rules allow, gives the result that a brute-force minimax over
// (position, count) finds with the referee's draw counters (tests/support/counting_oracle.hpp).

#include <gtest/gtest.h>

#include "tests/support/counting_oracle.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts {
namespace {

using egdb::Material;

// The slices of the 5-move rule up to 3 pieces (and KvM, which KMvK reaches).
TEST(OracleAgreement, EveryFiveMoveRulePositionOfThreePiecesAtEveryCountMatchesBruteForce) {
    std::vector<Material> slices;
    for (const char* name : {"KvK", "KvM", "KKvK", "KMvK"})
        slices.push_back(*Material::parse(name));
    const testing::CountingOracle oracle(slices);
    ASSERT_TRUE(oracle.failures().empty()) << oracle.failures().front();
    const auto result = testing::compare_with_database(testing::test_database(3), slices, oracle);
    EXPECT_EQ(result.wrong, 0u) << (result.examples.empty() ? "" : result.examples.front());
    // 334,180 positions at 11 counts (0..10) and KvM's 4,410 at 51 (0..50).
    EXPECT_EQ(result.compared, 334'180u * 11 + 4'410u * 51);
}

}  // namespace
}  // namespace draughts
