// Mock Hub engine that hangs mid-game: plays --after N moves (default 0), then on the next `go`
// stops reading its input and never answers (not even `ping`). It ignores SIGTERM, so only
// SIGKILL ends it.
#include <unistd.h>

#include <csignal>

#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    std::signal(SIGTERM, SIG_IGN);
    draughts::mocks::HubMock mock(argc, argv, "hang");
    const long after = mock.options().number("after", 0);
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (search < after) {
            mock.play();
            return;
        }
        for (;;) ::pause();
    };
    return mock.run(hooks);
}
