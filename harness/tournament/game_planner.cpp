#include "harness/tournament/game_planner.hpp"

#include <algorithm>
#include <ctime>

#include "common/calendar.hpp"
#include "harness/config/adjudication_config.hpp"

namespace draughts::harness {

GamePlanner::GamePlanner(const MatchConfig& config, const MatchGames& games)
    : games_(&games),
      event_(config.event),
      site_(config.site),
      date_(pdn_date(std::time(nullptr))) {}

Expected<GamePlanner> GamePlanner::create(const MatchConfig& config, const MatchGames& games) {
    GamePlanner planner(config, games);
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const EngineConfig& e = config.engines[i];
        planner.time_controls_.push_back(e.time_control.value_or(config.time_control));
        planner.margins_.push_back(games.move_margin(i).value_or(config.time_margin));
        planner.move_caps_.push_back(games.move_cap(i).value_or(config.move_cap));
        planner.latencies_.push_back(games.remote(i) ? config.latency_compensation : 0.0);
    }
    auto adjudication = adjudication_options(config.adjudication);
    if (!adjudication) return make_error("adjudication: " + adjudication.error().message);
    planner.adjudication_ = std::move(adjudication).value();
    return planner;
}

std::optional<std::size_t> GamePlanner::book_index(const Pairing& pairing) const {
    const auto& order = games_->order();
    if (!order) return std::nullopt;
    return order->book_index(static_cast<std::size_t>(pairing.opening));
}

GamePlan GamePlanner::plan(const Pairing& pairing, int game) const {
    GamePlan setup;
    const auto index = book_index(pairing);
    setup.book_index = index;
    const std::size_t white = pairing.white(game);
    const std::size_t black = pairing.black(game);
    setup.time_controls = {time_controls_[white], time_controls_[black]};
    setup.time_margin = std::max(margins_[white], margins_[black]);
    setup.move_caps = {move_caps_[white], move_caps_[black]};
    setup.latency = {latencies_[white], latencies_[black]};
    setup.adjudication = adjudication_;
    setup.info.event = event_;
    setup.info.site = site_;
    setup.info.date = date_;
    setup.info.round = std::to_string(pairing.game_index(game) + 1);
    if (index) setup.info.opening = std::to_string(*index);
    return setup;
}

}  // namespace draughts::harness
