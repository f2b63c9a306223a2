// Mock Hub engine that dies mid-game: plays --after N moves (default 2), then on the next `go`
// ends by --how segv (default), abort, or exit (status 3), without answering.
//
// --starts FILE appends this process's id to FILE as one line when it starts, so a test can see
// every (re)start; with --crash-starts K the mock crashes only in its first K starts (counted in
// FILE) and plays normally after that, like an engine whose crash does not repeat.
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <string>

#include "tests/mocks/hub_mock.hpp"

namespace {

/// Records this start in `path` and returns how many starts the file holds now.
long record_start(const std::string& path) {
    {
        std::ofstream out(path, std::ios::app);
        out << ::getpid() << '\n';
    }
    std::ifstream in(path);
    long starts = 0;
    for (std::string line; std::getline(in, line);) starts += line.empty() ? 0 : 1;
    return starts;
}

}  // namespace

int main(int argc, char** argv) {
    draughts::mocks::HubMock mock(argc, argv, "crash");
    const long after = mock.options().number("after", 2);
    const std::string how = mock.options().text("how", "segv");
    const std::string starts_file = mock.options().text("starts", "");
    const long crash_starts = mock.options().number("crash-starts", -1);
    const long start = starts_file.empty() ? 1 : record_start(starts_file);
    const bool crashes = crash_starts < 0 || start <= crash_starts;
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (!crashes || search < after) {
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
