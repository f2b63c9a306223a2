#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

bool is_irreversible(const rules::Position& before, const rules::Move& move) {
    return move.is_capture() || (before.men() & rules::square_bit(move.from())) != 0;
}

const char* color_name(rules::Color c) { return c == rules::Color::White ? "White" : "Black"; }

}  // namespace draughts::harness
