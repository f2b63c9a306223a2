#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

bool is_irreversible(const engine::Position& before, const engine::Move& move) {
    return move.is_capture() || (before.men() & engine::square_bit(move.from())) != 0;
}

const char* color_name(engine::Color c) { return c == engine::Color::White ? "White" : "Black"; }

}  // namespace draughts::harness
