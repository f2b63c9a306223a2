// A match's progress through the real program (issue 41): lines by the clock when the output is
// not a terminal (a CI log sees the run move however long its games are), the final state last,
// and a heartbeat when no game finishes, so that a run never looks like a silent hang.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::app {
namespace {

using testing::RunResult;

class MatchProgress : public ::testing::Test {
  protected:
    RunResult match(std::vector<std::string> args, double timeout = 120.0) const {
        args.insert(args.begin(), "match");
        return testing::run_draughts(dir_.path(), args, testing::StderrMode::Separate, timeout);
    }

    testing::TempFolder dir_{"match_progress"};
};

TEST_F(MatchProgress, WithoutATerminalProgressComesByTheClock) {
    // Games of about a second each (a Hub engine that thinks 50 ms a move): lines every 0.3 s,
    // whether a game finished or not, and the final state last.
    const RunResult r = match({"--engine", "name=slow", "proto=hub",
                               "cmd=" + testing::mock_binary("hub_normal").string(),
                               "args=--think-ms 50", "--engine", "name=builtin", "--each",
                               "tc=nodes=100", "--set", "adjudication.max_moves=10", "--games", "4",
                               "--progress-interval", "0.3", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_GE(testing::count_occurrences(r.out, "\nGames "), 4u) << r.out;
    const std::size_t last = r.out.rfind("\nGames ");
    EXPECT_EQ(r.out.compare(last, 11, "\nGames 4/4:"), 0) << r.out;
}

TEST_F(MatchProgress, AHeartbeatSaysThatNoGameHasFinished) {
    // An engine that never sends `done` (it answers `bestmove`): no game finishes before the
    // move cap of 3 s; the heartbeat speaks every half second meanwhile.
    const RunResult r =
        match({"--engine", "name=wrapbot", "proto=hub",
               "cmd=" + testing::mock_binary("hub_bestmove").string(), "timeouts.stop=0.2",
               "--engine", "name=builtin", "--each", "tc=nodes=100", "--set", "move_cap=3",
               "--games", "2", "--heartbeat", "0.5", "--quiet", "--output", "out"},
              60.0);
    ASSERT_NE(r.exit_code, testing::kTimedOut) << r.err;
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_GE(testing::count_occurrences(r.err, "draughts match: no game has finished for "), 2u)
        << r.err;
    EXPECT_NE(r.err.find("(0 of 2 games played); a move under a node or depth limit forfeits "
                         "after 0:03 (move_cap); engine log: "),
              std::string::npos)
        << r.err;
}

}  // namespace
}  // namespace draughts::app
