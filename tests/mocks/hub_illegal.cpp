// Mock Hub engine that plays an illegal move: after --after N legal moves (default 0) it answers
// with a well-formed move that is not legal in the position (a move of the other side).
#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    namespace rules = draughts::rules;
    draughts::mocks::HubMock mock(argc, argv, "illegal");
    const long after = mock.options().number("after", 0);
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (search < after) {
            mock.play();
            return;
        }
        const rules::Position& position = mock.position();
        rules::MoveList theirs;
        rules::generate_moves(position.with_side_to_move(rules::opposite(position.side_to_move())),
                              theirs);
        // With no move for the other side either, a move between two corners of the board.
        draughts::mocks::send("done move=" + (theirs.empty() ? std::string("46-5")
                                                             : rules::to_hub_notation(theirs[0])));
    };
    return mock.run(hooks);
}
