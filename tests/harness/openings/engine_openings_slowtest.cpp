// The engine-openings acceptance games at a node budget where the engines play real draughts.

#include <gtest/gtest.h>

#include "tests/harness/openings/engine_openings.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

TEST(EngineOpeningsSlow, EveryTwoMoveBallotPlaysToARuleBasedEndAtTwentyThousandNodes) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(path, "data/openings/ballots-2move.fen");
    testing::play_all_openings(path, "nodes=20000");
}

}  // namespace
}  // namespace draughts::harness
