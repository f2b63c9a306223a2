#include "egdb/judgement.hpp"

#include <algorithm>
#include <tuple>

#include "egdb/counting.hpp"
#include "rules/movegen.hpp"

namespace draughts::egdb {

namespace {

Outcome reversed(Outcome o) {
    return o == Outcome::Win ? Outcome::Loss : o == Outcome::Loss ? Outcome::Win : Outcome::Draw;
}

/// Sort key: smaller is better for the mover.
auto preference(const rules::Position& position, const MoveJudgement& m) {
    const int rank = m.outcome == Outcome::Win ? 0 : m.outcome == Outcome::Draw ? 1 : 2;
    const int plies = m.outcome == Outcome::Win    ? m.plies
                      : m.outcome == Outcome::Loss ? -m.plies
                                                   : 0;
    const bool is_man = ((position.men() >> m.move.from_index()) & 1) != 0;
    const bool promotes =
        is_man && ((rules::promotion_row(position.side_to_move()) >> m.move.to_index()) & 1) != 0;
    return std::tuple(rank, plies, -m.move.capture_count(), promotes ? 0 : 1, m.reply.plies);
}

}  // namespace

Expected<std::optional<Judgement>> judge(const Database& db, const rules::Position& position,
                                         const rules::DrawCounters& counters) {
    auto value = db.probe(position);
    if (!value) return value.error();
    if (!*value) return std::optional<Judgement>();
    const int left = plies_left(counters);
    Judgement judgement{**value, left, outcome_within(**value, left), {}};
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    for (const rules::Move& m : moves) {
        const rules::Position next = position.after(m);
        auto reply = db.probe(next);
        if (!reply) return reply.error();
        if (!*reply)
            return make_error(db.folder().string() + ": the slice of " +
                              Material::of(next).canonical().name() +
                              ", which a move of a covered position reaches, is missing");
        MoveJudgement judged;
        judged.move = m;
        judged.reply = **reply;
        judged.restarts = restarts_count(position, next);
        judged.outcome =
            reversed(outcome_within(judged.reply, plies_left(counters.next(position, next))));
        judged.plies = judged.restarts ? 1 : judged.reply.plies + 1;
        judgement.moves.push_back(judged);
    }
    std::stable_sort(judgement.moves.begin(), judgement.moves.end(),
                     [&](const MoveJudgement& a, const MoveJudgement& b) {
                         return preference(position, a) < preference(position, b);
                     });
    return std::optional(std::move(judgement));
}

Expected<std::optional<Judgement>> guaranteed(const Database& db, const rules::GameState& game) {
    auto judgement = judge(db, game.position(), game.counters());
    if (!judgement || !*judgement) return judgement;
    if ((*judgement)->outcome == Outcome::Draw) return judgement;
    // Perfect play towards a win never repeats a position (its count of plies falls with every
    // ply until an irreversible move), so only a position already seen twice can end it [6.1].
    for (const rules::Position& seen : game.previous_positions())
        if (game.occurrences(seen) >= 2) return std::optional<Judgement>();
    return judgement;
}

}  // namespace draughts::egdb
