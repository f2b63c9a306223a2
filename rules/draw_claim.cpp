#include "rules/draw_claim.hpp"

#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

template <typename V>
std::optional<BasicClaimableDraw<V>> claimable_draw(const BasicGameState<V>& game) {
    BasicMoveList<V> moves;
    generate_moves(game.position(), moves);
    for (const BasicMove<V>& move : moves) {
        BasicGameState<V> after = game;
        after.play(move);
        if (auto verdict = after.verdict(); verdict && verdict->result == GameResult::Draw)
            return BasicClaimableDraw<V>{move, std::move(*verdict)};
    }
    return std::nullopt;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_CLAIM(V) \
    template std::optional<BasicClaimableDraw<V>> claimable_draw(const BasicGameState<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_CLAIM)
#undef DRAUGHTS_INSTANTIATE_CLAIM

}  // namespace draughts::rules
