// Mock DXP engine that plays an illegal move: after --after N legal moves (default 0) it sends a
// well-formed M that is not legal in the position (a move of the other side, or one between two
// corners of the board), then carries on as if nothing happened.
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    namespace rules = draughts::rules;
    draughts::mocks::DxpMock mock(argc, argv, "illegal");
    const long after = mock.options().number("after", 0);
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        if (moves_made < after) {
            mock.play();
            return;
        }
        const rules::Position& position = mock.position();
        rules::MoveList theirs;
        rules::generate_moves(position.with_side_to_move(rules::opposite(position.side_to_move())),
                              theirs);
        mock.send(theirs.empty() ? std::string("M0001460500")
                                 : draughts::mocks::DxpMock::move_message(theirs[0]));
    };
    return mock.run(hooks);
}
