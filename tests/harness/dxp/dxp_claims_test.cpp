// A DXP engine may end the game with E on its own turn, as real engines do (mocks dxp_resign and
// dxp_draw_claim): a resignation loses by resignation, a draw claim is a draw when a draw rule
// allows it and a forfeit otherwise; the harness answers with its own E (the result from the
// opponent's side), the engine stays connected and plays the next game.

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/time_source.hpp"
#include "harness/dxp/dxp_player.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/player/random_player.hpp"
#include "tests/harness/game/scripted_player.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// The messages a mock received ("recv: TEXT" on its stderr), as they arrive.
class Received {
  public:
    StderrSink sink() {
        return stderr_sink::Lines{[this](std::string_view line) {
            const std::lock_guard lock(mutex_);
            if (line.starts_with("recv: ")) messages_.emplace_back(line.substr(6));
        }};
    }
    /// True once `message` has arrived (waits for the stderr pump up to a generous deadline).
    bool got(const std::string& message) const {
        const Deadline deadline = deadline_after(10s);
        while (!expired(deadline)) {
            {
                const std::lock_guard lock(mutex_);
                if (std::find(messages_.begin(), messages_.end(), message) != messages_.end())
                    return true;
            }
            std::this_thread::sleep_for(1ms);
        }
        return false;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::string> messages_;
};

DxpPlayerOptions claims_mock(const std::string& mock, std::vector<std::string> arguments,
                             Received& received) {
    DxpPlayerOptions options;
    options.name = mock;
    options.link.process.argv = {testing::mock_binary(mock).string(), "--port", "{port}"};
    options.link.process.argv.insert(options.link.process.argv.end(), arguments.begin(),
                                     arguments.end());
    options.link.process.stderr_sink = received.sink();
    options.link.process.shutdown_grace = 100ms;
    options.link.timeouts.quit_grace = 200ms;
    return options;
}

GameRecord play(Player& white, Player& black, const std::string& fen = std::string()) {
    GameSetup setup;
    if (!fen.empty()) setup.start = *parse_start_position(fen);
    SteadyTimeSource time;
    auto record = play_game(setup, white, black, time);
    EXPECT_TRUE(record) << record.error().message;
    return record ? *record : GameRecord{};
}

TEST(DxpClaims, AnEngineThatResignsLosesByResignationAndPlaysOn) {
    Received received;
    DxpPlayer dxp(claims_mock("dxp_resign", {"--after", "2"}, received));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    RandomPlayer random(5);
    for (int game = 0; game < 2; ++game) {
        const GameRecord record = play(dxp, random);
        EXPECT_EQ(record.end.termination, Termination::Resignation) << record.end.text;
        EXPECT_EQ(record.end.result, GameResult::BlackWin);
        EXPECT_EQ(record.end.text, "White resigned [FMJD 7.2.1]");
        EXPECT_EQ(record.plies.size(), game == 0 ? 4U : 0U) << "2 moves on the connection";
        // The harness answers for the winner: "I win", and welcomes another game.
        EXPECT_TRUE(received.got("E30"));
        EXPECT_EQ(dxp.pid(), pid) << "the engine is kept";
    }
    dxp.quit();
}

TEST(DxpClaims, AnUnfoundedDrawClaimIsAForfeitAnsweredWithE) {
    Received received;
    DxpPlayer dxp(claims_mock("dxp_draw_claim", {"--claim-at", "2"}, received));
    ASSERT_TRUE(dxp.start());
    RandomPlayer random(5);
    const GameRecord record = play(random, dxp);
    EXPECT_EQ(record.end.termination, Termination::InvalidDrawClaim) << record.end.text;
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_EQ(record.plies.size(), 3U);
    EXPECT_TRUE(received.got("E30"));
    // The engine plays the next game: a claim is not a protocol fault.
    const GameRecord next = play(random, dxp);
    EXPECT_NE(next.end.termination, Termination::Crash) << next.end.text;
    EXPECT_NE(next.end.termination, Termination::Disconnect) << next.end.text;
    dxp.quit();
}

TEST(DxpClaims, ADrawClaimThatARuleAllowsIsADraw) {
    // King against king from the start: the 5-move count ends the game on ply 10, so on its
    // fifth turn (after ply 9) every move of the engine would draw, and it claims.
    Received received;
    DxpPlayer dxp(claims_mock("dxp_draw_claim", {}, received));
    ASSERT_TRUE(dxp.start());
    FakeTimeSource time;
    testing::ScriptedPlayer white(
        time, testing::say_all({"46-41", "41-46", "46-37", "37-46", "46-41"}), "scripted");
    const GameRecord record = play(white, dxp, "W:WK46:BK3");
    EXPECT_EQ(record.end.termination, Termination::DrawClaim) << record.end.text;
    EXPECT_EQ(record.end.result, GameResult::Draw);
    EXPECT_LE(record.plies.size(), 9U);
    EXPECT_TRUE(received.got("E20"));
    dxp.quit();
}

}  // namespace
}  // namespace draughts::harness
