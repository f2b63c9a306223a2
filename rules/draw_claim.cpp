#include "rules/draw_claim.hpp"

#include "rules/movegen.hpp"

namespace draughts::rules {

std::optional<ClaimableDraw> claimable_draw(const GameState& game) {
    MoveList moves;
    generate_moves(game.position(), moves);
    for (const Move& move : moves) {
        GameState after = game;
        after.play(move);
        if (auto verdict = after.verdict(); verdict && verdict->result == GameResult::Draw)
            return ClaimableDraw{move, std::move(*verdict)};
    }
    return std::nullopt;
}

}  // namespace draughts::rules
