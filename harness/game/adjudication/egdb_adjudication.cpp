#include "harness/game/adjudication/egdb_adjudication.hpp"

#include <fmt/format.h>

#include "egdb/counting.hpp"
#include "egdb/judgement.hpp"
#include "rules/bitboard.hpp"

namespace draughts::harness {

namespace {

/// "win 7 for White, 16-move rule, 20 of 32 plies left" or "draw, 25-move rule, ...".
std::string value_text(const rules::GameState& game, const egdb::Judgement& j) {
    const rules::EndgameRule rule = rules::endgame_rule(game.position());
    const std::string side =
        j.value.outcome == egdb::Outcome::Draw
            ? std::string()
            : fmt::format(" for {}", rules::color_name(game.position().side_to_move()));
    return fmt::format("{}{}, {}, {} of {} plies left", j.value.text(), side,
                       egdb::counted_rule_name(rule), j.plies_left, egdb::count_limit(rule));
}

}  // namespace

EgdbVerdict egdb_adjudication(const EgdbAdjudication& options, const rules::GameState& game) {
    if (!options.database || rules::popcount(game.position().occupied()) > options.pieces)
        return {};
    const auto judged = egdb::guaranteed(*options.database, game);
    if (!judged) return {std::nullopt, judged.error().message};
    if (!*judged) return {};
    const egdb::Judgement& j = **judged;
    const rules::Color mover = game.position().side_to_move();
    EgdbEnd ended;
    ended.value = value_text(game, j);
    GameEnd& end = ended.end;
    if (j.outcome == egdb::Outcome::Draw) {
        end.result = GameResult::Draw;
        end.termination = Termination::EgdbDraw;
        end.text = "the endgame database guarantees a draw: " + ended.value;
    } else {
        const rules::Color winner =
            j.outcome == egdb::Outcome::Win ? mover : rules::opposite(mover);
        end.result = win_for(winner);
        end.termination = Termination::EgdbWin;
        end.text = fmt::format("the endgame database guarantees {} a win: {}",
                               rules::color_name(winner), ended.value);
    }
    return {std::move(ended), {}};
}

}  // namespace draughts::harness
