#include "rules/game_state.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <string>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

template <typename V>
BasicGameState<V>::BasicGameState(const Position& start)
    : positions_{start}, counters_{Counters::at_start(start)} {}

template <typename V>
std::vector<BasicPosition<V>> BasicGameState<V>::previous_positions() const {
    return {positions_.begin() + static_cast<std::ptrdiff_t>(reversible_from()),
            positions_.end() - 1};
}

template <typename V>
int BasicGameState<V>::occurrences(const Position& position) const {
    return static_cast<int>(
        std::count(positions_.begin() + static_cast<std::ptrdiff_t>(reversible_from()),
                   positions_.end(), position));
}

template <typename V>
void BasicGameState<V>::play(const Move& move) {
    const Position& before = positions_.back();
    const Position after = before.after(move);
    // The counters call a ply irreversible exactly when a man moved or a piece was taken: then no
    // earlier position can occur again [FMJD 6.1].
    counters_.push_back(counters_.back().next(before, after));
    positions_.push_back(after);
    moves_.push_back(move);
}

template <typename V>
void BasicGameState<V>::undo() {
    assert(!moves_.empty());
    moves_.pop_back();
    positions_.pop_back();
    counters_.pop_back();
}

template <typename V>
std::optional<RulesVerdict> BasicGameState<V>::verdict() const {
    const Position& now = position();
    if (auto no_move = no_legal_move_verdict(now)) return no_move;
    if (occurrences(now) >= 3) {
        std::vector<int> plies;
        for (std::size_t i = reversible_from(); i < positions_.size(); ++i)
            if (positions_[i] == now) plies.push_back(static_cast<int>(i));
        return repetition_verdict(now.side_to_move(), plies);
    }
    return counted_draw_verdict(counters());
}

template <typename V>
Expected<void> check_start_position(const BasicPosition<V>& start) {
    const std::string where = "start position " + to_fen(start) + ": ";
    for (Color c : {Color::White, Color::Black})
        if (start.pieces(c) == 0)
            return make_error(where + color_name(c) +
                              " has no pieces, so the game is already over");
    if constexpr (V::kGoal == GameGoal::FirstKing) {
        if (start.kings() != 0)
            return make_error(where + "has a king, and the first king has already won [BT 1]");
    }
    BasicMoveList<V> moves;
    generate_moves(start, moves);
    if (moves.overflowed())
        return make_error(where + "has more legal moves than a move list can hold");
    if (no_legal_move_verdict(start))
        return make_error(where + color_name(start.side_to_move()) +
                          " is to move but has no legal move, so the game is already over");
    return {};
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_START_CHECK(V)                                \
    template Expected<void> check_start_position(const BasicPosition<V>&); \
    template class BasicGameState<V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_START_CHECK)
#undef DRAUGHTS_INSTANTIATE_START_CHECK

}  // namespace draughts::rules
