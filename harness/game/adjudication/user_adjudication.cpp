#include "harness/game/adjudication/user_adjudication.hpp"

#include <cstdlib>
#include <string>

#include "engine/search_types.hpp"

namespace draughts::harness {

namespace {

std::string men(int units) {
    const double value = static_cast<double>(units) / engine::kScorePerMan;
    std::string text = std::to_string(value);
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
}

}  // namespace

Expected<void> validate(const AdjudicationOptions& options) {
    if (options.max_moves && *options.max_moves <= 0)
        return make_error("max_moves must be positive");
    if (const auto& d = options.score_draw) {
        if (d->moves <= 0) return make_error("score draw: moves must be positive");
        if (d->score < 0) return make_error("score draw: score must not be negative");
        if (d->from_move < 0) return make_error("score draw: from_move must not be negative");
    }
    if (const auto& r = options.resign) {
        if (r->moves <= 0) return make_error("resign: moves must be positive");
        if (r->score <= 0) return make_error("resign: score must be positive");
    }
    if (const auto& e = options.egdb) {
        if (!e->database) return make_error("egdb: no database");
        // Slices of more pieces than the database is complete for adjudicate where present.
        if (e->pieces < 2 || e->pieces > e->database->max_pieces())
            return make_error("egdb: pieces must be between 2 and " +
                              std::to_string(e->database->max_pieces()) + " (the database in " +
                              e->database->folder().string() + " has no slice of more pieces)");
    }
    return {};
}

std::optional<GameEnd> max_length_end(int max_moves, int ply) {
    if (ply < 2 * max_moves) return std::nullopt;
    return GameEnd{
        GameResult::Draw, Termination::MaxLength,
        "adjudicated draw: maximum game length of " + std::to_string(max_moves) + " moves reached"};
}

std::optional<GameEnd> ScoreDrawRun::on_ply(int ply, std::optional<int> score) {
    const bool quiet = score && std::abs(*score) <= options_.score;
    run_ = quiet ? run_ + 1 : 0;
    if (run_ < 2 * options_.moves || ply < 2 * options_.from_move) return std::nullopt;
    return GameEnd{GameResult::Draw, Termination::ScoreDraw,
                   "adjudicated draw: both engines scored within +-" + men(options_.score) +
                       " for " + std::to_string(options_.moves) + " moves"};
}

void ResignRuns::reset() {
    losing_run_ = {};
    winning_run_ = {};
}

std::optional<GameEnd> ResignRuns::on_ply(rules::Color mover, std::optional<int> score) {
    const auto side = static_cast<std::size_t>(rules::index_of(mover));
    const bool losing = score && *score <= -options_.score;
    const bool winning = score && *score >= options_.score;
    losing_run_[side] = losing ? losing_run_[side] + 1 : 0;
    winning_run_[side] = winning ? winning_run_[side] + 1 : 0;
    for (const rules::Color loser : {mover, rules::opposite(mover)}) {
        const auto l = static_cast<std::size_t>(rules::index_of(loser));
        const std::size_t w = 1 - l;
        if (losing_run_[l] < options_.moves) continue;
        if (options_.confirmed_by_opponent && winning_run_[w] < options_.moves) continue;
        return GameEnd{win_for(rules::opposite(loser)), Termination::ScoreResign,
                       "adjudicated loss: " + std::string(color_name(loser)) + " scored -" +
                           men(options_.score) + " or worse for " + std::to_string(options_.moves) +
                           " moves" +
                           (options_.confirmed_by_opponent ? ", confirmed by the opponent" : "")};
    }
    return std::nullopt;
}

}  // namespace draughts::harness
