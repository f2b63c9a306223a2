#include "rules/game_state.hpp"

#include <string>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

template <typename V>
BasicGameState<V>::BasicGameState(const Position& start)
    : start_(start),
      position_(start),
      counters_(Counters::at_start(start)),
      recent_{Seen{start, 0}} {}

template <typename V>
std::vector<BasicPosition<V>> BasicGameState<V>::previous_positions() const {
    std::vector<Position> previous;
    previous.reserve(recent_.size() - 1);
    for (std::size_t i = 0; i + 1 < recent_.size(); ++i) previous.push_back(recent_[i].position);
    return previous;
}

template <typename V>
int BasicGameState<V>::occurrences(const Position& position) const {
    int count = 0;
    for (const Seen& seen : recent_)
        if (seen.position == position) ++count;
    return count;
}

template <typename V>
void BasicGameState<V>::play(const Move& move) {
    const Position before = position_;
    position_ = before.after(move);
    moves_.push_back(move);
    counters_ = counters_.next(before, position_);
    // The counters call a ply irreversible exactly when a man moved or a piece was taken: then no
    // earlier position can occur again [FMJD 6.1].
    if (counters_.reversible_plies == 0) recent_.clear();
    recent_.push_back(Seen{position_, ply()});
}

template <typename V>
std::optional<RulesVerdict> BasicGameState<V>::verdict() const {
    if (auto no_move = no_legal_move_verdict(position_)) return no_move;
    if (occurrences(position_) >= 3) {
        std::vector<int> plies;
        for (const Seen& seen : recent_)
            if (seen.position == position_) plies.push_back(seen.ply);
        return repetition_verdict(position_.side_to_move(), plies);
    }
    return counted_draw_verdict(counters_);
}

template <typename V>
Expected<void> check_start_position(const BasicPosition<V>& start) {
    const std::string where = "start position " + to_fen(start) + ": ";
    for (Color c : {Color::White, Color::Black})
        if (start.pieces(c) == 0)
            return make_error(where + color_name(c) +
                              " has no pieces, so the game is already over");
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
