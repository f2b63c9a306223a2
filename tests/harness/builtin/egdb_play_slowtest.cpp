// Acceptance 3 of issue 18 on every 4-piece slice: the engine with the database wins every
// sampled won ending and never loses a drawn one, through the real referee.

#include <gtest/gtest.h>

#include "egdb/material.hpp"
#include "tests/harness/builtin/egdb_play_support.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::harness {
namespace {

TEST(EgdbPlaySlow, EveryFourPieceSliceWinsAndHolds) {
    const auto db = testing::open_test_database(4);
    std::vector<std::string> slices;
    for (const egdb::Material& m : egdb::materials_up_to(4))
        if (m.pieces() == 4) slices.push_back(m.name());
    const EgdbPlayTally tally = play_database_sample(db, slices, 8, 4);
    EXPECT_GT(tally.won, 40);
    EXPECT_GT(tally.drawn, 40);
    for (const std::string& f : tally.failures) ADD_FAILURE() << f;
}

}  // namespace
}  // namespace draughts::harness
