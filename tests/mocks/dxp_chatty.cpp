// Mock DXP engine that talks: before each of its moves it sends a chat message and a take-back
// request (both must leave the game undisturbed), then plays normally.
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "chatty");
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        mock.send("Cmove " + std::to_string(moves_made + 1) + " coming");
        mock.send("B001W");
        mock.play();
    };
    return mock.run(hooks);
}
