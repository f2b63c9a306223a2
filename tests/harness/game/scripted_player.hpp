#pragma once
// A test player that replies from a script: given move texts, Move values, garbage, failures, or
// nothing, each after "thinking" a given time on a fake clock (advanced, never slept). It keeps
// every request it receives so tests can check what the referee sent.

#include <string>
#include <utility>
#include <vector>

#include "common/time_source.hpp"
#include "harness/player/player.hpp"

namespace draughts::testing {

/// One scripted reply and the fake time it takes.
struct ScriptStep {
    harness::ThinkReply reply;
    double seconds = 0.01;
};

/// Replies `text` (parsed by the referee) after `seconds`.
inline ScriptStep say(std::string text, double seconds = 0.01) {
    return {harness::ThinkReply::with_text(std::move(text)), seconds};
}

/// Scripted steps from move texts, each taking `seconds`.
inline std::vector<ScriptStep> say_all(const std::vector<std::string>& texts,
                                       double seconds = 0.01) {
    std::vector<ScriptStep> steps;
    for (const std::string& t : texts) steps.push_back(say(t, seconds));
    return steps;
}

/// Plays the given replies in order; when the script runs out it reports a crash, so a test
/// whose game goes on longer than expected fails visibly.
class ScriptedPlayer final : public harness::Player {
  public:
    ScriptedPlayer(FakeTimeSource& time, std::vector<ScriptStep> steps,
                   std::string name = "scripted")
        : time_(time), steps_(std::move(steps)), name_(std::move(name)) {}

    std::string name() const override { return name_; }
    Expected<void> start() override { return {}; }
    Expected<void> new_game(const harness::GameStart& game) override {
        games_.push_back(game);
        if (!new_game_error_.empty()) return make_error(new_game_error_);
        return {};
    }
    harness::ThinkReply think(const harness::ThinkRequest& request) override {
        requests_.push_back(request);
        if (next_ >= steps_.size())
            return harness::ThinkReply::failed(harness::FailureKind::Crash, "script exhausted");
        const ScriptStep& step = steps_[next_++];
        time_.advance(step.seconds);
        return step.reply;
    }
    void stop() override { ++stops_; }
    void game_over(const harness::GameEnd& end) override { ends_.push_back(end); }
    void quit() override {}

    /// Makes new_game fail with this message.
    void fail_new_game(std::string message) { new_game_error_ = std::move(message); }

    const std::vector<harness::ThinkRequest>& requests() const { return requests_; }
    const std::vector<harness::GameStart>& games() const { return games_; }
    const std::vector<harness::GameEnd>& ends() const { return ends_; }
    int stops() const { return stops_; }

  private:
    FakeTimeSource& time_;
    std::vector<ScriptStep> steps_;
    std::string name_;
    std::size_t next_ = 0;
    std::string new_game_error_;
    std::vector<harness::ThinkRequest> requests_;
    std::vector<harness::GameStart> games_;
    std::vector<harness::GameEnd> ends_;
    int stops_ = 0;
};

/// Splits a sequence of plies into the White and Black scripts (the first ply is `first`'s).
inline std::pair<std::vector<std::string>, std::vector<std::string>> split_plies(
    const std::vector<std::string>& plies, bool white_first = true) {
    std::pair<std::vector<std::string>, std::vector<std::string>> out;
    for (std::size_t i = 0; i < plies.size(); ++i) {
        const bool white = (i % 2 == 0) == white_first;
        (white ? out.first : out.second).push_back(plies[i]);
    }
    return out;
}

}  // namespace draughts::testing
