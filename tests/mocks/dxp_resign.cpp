// Mock DXP engine that resigns, as real engines do in lost positions: after --after N moves on
// the connection (default 2) it sends E "I lose" (E10) on its turn instead of a move.
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "resign");
    const long after = mock.options().number("after", 2);
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        if (moves_made < after) return mock.play();
        mock.send_end('1');
    };
    return mock.run(hooks);
}
