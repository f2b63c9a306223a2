#include "engine/database_probe.hpp"

#include <algorithm>

#include "egdb/counting.hpp"
#include "egdb/judgement.hpp"
#include "rules/movegen.hpp"

namespace draughts::engine {

namespace {

int score_of(egdb::Outcome outcome, int plies, int ply) {
    if (outcome == egdb::Outcome::Draw) return 0;
    const int score = kDatabaseWin - ply - plies;
    return outcome == egdb::Outcome::Win ? score : -score;
}

/// Replies to `move` after which the opponent still draws (or wins): the fewer, the more ways
/// the opponent has to go wrong.
int holding_replies(const egdb::Database& db, const rules::Position& root,
                    const rules::DrawCounters& counters, const rules::Move& move) {
    const rules::Position next = root.after(move);
    const auto judged = egdb::judge(db, next, counters.next(root, next));
    if (!judged || !*judged) return 0;
    return static_cast<int>(std::count_if(
        (*judged)->moves.begin(), (*judged)->moves.end(),
        [](const egdb::MoveJudgement& m) { return m.outcome != egdb::Outcome::Loss; }));
}

}  // namespace

std::optional<int> database_score(const egdb::Database& db, const rules::Position& position,
                                  const rules::DrawCounters& counters, int ply) {
    const auto value = db.probe(position);
    if (!value || !*value) return std::nullopt;
    const egdb::Outcome outcome = egdb::outcome_within(**value, egdb::plies_left(counters));
    return score_of(outcome, (*value)->plies, ply);
}

std::optional<SearchResult> database_root_move(const egdb::Database& db,
                                               const rules::Position& root,
                                               const rules::DrawCounters& counters) {
    const auto judged = egdb::judge(db, root, counters);
    if (!judged || !*judged || (*judged)->moves.empty()) return std::nullopt;
    const egdb::Judgement& j = **judged;
    const egdb::MoveJudgement* best = &j.moves.front();
    if (j.outcome == egdb::Outcome::Draw) {
        int fewest = holding_replies(db, root, counters, best->move);
        for (const egdb::MoveJudgement& m : j.moves) {
            if (m.outcome != egdb::Outcome::Draw) break;
            const int holding = holding_replies(db, root, counters, m.move);
            if (holding < fewest) {
                fewest = holding;
                best = &m;
            }
        }
    }
    SearchResult result;
    result.best_move = best->move;
    result.pv = {best->move};
    result.depth = 1;
    result.score = score_of(best->outcome, best->plies, 0);
    return result;
}

}  // namespace draughts::engine
