// Mock DXP engine that drops the game: after --after N moves of its own (default 0), at its turn,
// it closes the connection (--how close, the default; with --linger 1 it then stays alive until
// killed) or crashes (--how crash: abort()).
#include <cstdlib>

#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "disconnect");
    const long after = mock.options().number("after", 0);
    const std::string how = mock.options().text("how", "close");
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        if (moves_made < after) {
            mock.play();
            return;
        }
        if (how == "crash") std::abort();
        mock.close();
        mock.linger_if_asked();
        std::exit(0);
    };
    return mock.run(hooks);
}
