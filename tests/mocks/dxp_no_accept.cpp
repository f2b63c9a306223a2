// Mock DXP engine that never takes a game: it reads the game request and does not answer
// (--refuse CODE: answers A with that refusal code instead, e.g. 3 "no games at all"). It stays
// connected until the peer closes the connection (then, with --linger 1, alive until killed).
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "no-accept");
    const long refuse = mock.options().number("refuse", -1);
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_request = [&](const std::string&) {
        if (refuse < 0) return;
        std::string name = "no-accept";
        name.resize(32, ' ');
        mock.send("A" + name + std::to_string(refuse));
    };
    return mock.run(hooks);
}
