#include "harness/tournament/startup_guard.hpp"

#include <vector>

#include "harness/player/engine_log.hpp"

namespace draughts::harness {

StartupGuard::StartupGuard(const MatchConfig& config, MatchGames& games, EngineLog* log)
    : config_(config),
      games_(games),
      log_(log),
      proven_(std::make_unique<std::atomic<bool>[]>(config.engines.size())) {}

std::string StartupGuard::startup_failure(std::size_t engine, const std::string& phase,
                                          const StartFailure& failure) const {
    // The reason's first line says what failed; the lines after it (indented) quote what the
    // engine said (harness/player/engine_transcript.hpp): the command goes between them.
    const std::size_t end_of_first = failure.reason.find('\n');
    std::string text = "engine '" + config_.engines[engine].name + "' could not start (" + phase +
                       "): " + failure.reason.substr(0, end_of_first);
    text += "\n  command: " + games_.command_line(engine);
    if (end_of_first != std::string::npos) text += failure.reason.substr(end_of_first);
    return text;
}

std::optional<std::string> StartupGuard::check_engines_start() {
    for (std::size_t engine = 0; engine < config_.engines.size(); ++engine) {
        if (const auto failure = games_.start_check(engine)) {
            if (log_ != nullptr) log_->note(failure->who, "start failed: " + failure->reason);
            return startup_failure(engine, "starting the engine", *failure);
        }
    }
    return std::nullopt;
}

std::optional<std::string> StartupGuard::check_first_game(const Pairing& pairing, int game,
                                                          const RenderedGame& played) {
    for (const rules::Color c : {rules::Color::White, rules::Color::Black}) {
        const std::size_t engine =
            c == rules::Color::White ? pairing.white(game) : pairing.black(game);
        const bool failed = played.not_started[static_cast<std::size_t>(rules::index_of(c))];
        if (!failed) {
            proven_[engine] = true;
        } else if (!proven_[engine]) {
            const std::string who = config_.engines[engine].name;
            return startup_failure(engine, "starting its first game",
                                   StartFailure{who, played.end.text});
        }
    }
    return std::nullopt;
}

}  // namespace draughts::harness
