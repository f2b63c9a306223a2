// The built-in engine with an endgame database plays out won endings and holds drawn ones under
// the FMJD counting rules, through the real referee (issue 18, acceptance 3, on two slices; the
// slow test samples every 4-piece slice).

#include <gtest/gtest.h>

#include "tests/harness/builtin/egdb_play_support.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::harness {
namespace {

TEST(EgdbPlay, TheEngineWinsWonEndingsAndHoldsDrawnOnesWithinTheCountingRules) {
    const auto db = testing::open_test_database(3, {"KKKvK", "KKMvK"});
    const EgdbPlayTally tally =
        play_database_sample(db, {"KKKvK", "KKMvK", "KMvK", "KKvM"}, 12, 18);
    EXPECT_GT(tally.won, 12);
    EXPECT_GT(tally.drawn, 12);
    for (const std::string& f : tally.failures) ADD_FAILURE() << f;
}

}  // namespace
}  // namespace draughts::harness
