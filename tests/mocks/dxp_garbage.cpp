// Mock DXP engine that answers its turn with garbage (after --after N legal moves, default 0):
// --kind oversize (the default): 300 bytes without a NUL; --kind field: an M whose fields are
// not numbers; --kind header: a message with an unknown header; --kind request: an R in the
// middle of the game.
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "garbage");
    const long after = mock.options().number("after", 0);
    const std::string kind = mock.options().text("kind", "oversize");
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        if (moves_made < after) {
            mock.play();
            return;
        }
        if (kind == "field") {
            mock.send("M00x1ab3200");
        } else if (kind == "header") {
            mock.send("Xgarbage");
        } else if (kind == "request") {
            mock.send("R01" + std::string(32, ' ') + "W005000A");
        } else {
            mock.send_raw(std::string(300, 'G'));
        }
    };
    return mock.run(hooks);
}
