// Mock Hub engine that dies mid-game: plays --after N moves (default 2), then on the next `go`
// ends by --how segv (default), abort, or exit (status 3), without answering.
#include <csignal>
#include <cstdlib>

#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::HubMock mock(argc, argv, "crash");
    const long after = mock.options().number("after", 2);
    const std::string how = mock.options().text("how", "segv");
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (search < after) {
            mock.play();
            return;
        }
        if (how == "abort") std::abort();
        if (how == "exit") std::exit(3);
        // The default action, not a sanitizer's SEGV handler (which would exit with status 1):
        // the harness must see a death by signal.
        std::signal(SIGSEGV, SIG_DFL);
        std::raise(SIGSEGV);
    };
    return mock.run(hooks);
}
