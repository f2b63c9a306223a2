// Acceptance: two in-process engines play a game from each of the 79 two-move ballots; every game
// ends by a rule (no adjudication, no forfeit) and its PDN reads back identically. Small node
// budgets keep it fast; engine_openings_slowtest.cpp plays the same games at a larger budget.

#include "tests/harness/openings/engine_openings.hpp"

#include <gtest/gtest.h>

#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

TEST(EngineOpenings, EveryTwoMoveBallotPlaysToARuleBasedEnd) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(path, "data/openings/ballots-2move.fen");
    testing::play_all_openings(path, "nodes=1000");
}

}  // namespace
}  // namespace draughts::harness
