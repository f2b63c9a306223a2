// Mock Hub engine that never finishes the handshake: with --stall hub (default) it sends its id
// but never `wait`; with --stall init it never answers `init` with `ready` (as an engine whose
// data files are missing). It keeps reading its input, so only a timeout detects it.
#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::HubMock mock(argc, argv, "no_handshake");
    const std::string stall = mock.options().text("stall", "hub");
    draughts::mocks::MockHooks hooks;
    if (stall == "hub") {
        hooks.on_hub = [] { draughts::mocks::send("id name=no_handshake version=1.0"); };
    } else {
        hooks.on_init = [] { draughts::mocks::send("info loading data"); };
    }
    return mock.run(hooks);
}
