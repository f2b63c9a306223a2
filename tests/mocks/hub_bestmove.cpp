// Mock Hub engine written by someone who knows another protocol: it answers `go` with
// `bestmove MOVE` (a legal move, in Hub notation) instead of `done move=MOVE`, answers `stop` the
// same way, and keeps answering `ping`, so a harness that does not read what it sends waits for
// ever. --banner TEXT: it greets `hub` with TEXT instead of its declarations and `wait`, as a
// program that prints a banner does. --stderr TEXT: it writes TEXT on stderr when it starts.
#include <cstdio>
#include <string>

#include "rules/move_notation.hpp"
#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    using draughts::mocks::send;
    draughts::mocks::HubMock mock(argc, argv, "bestmove");
    const std::string banner = mock.options().text("banner", "");
    const std::string stderr_text = mock.options().text("stderr", "");
    if (!stderr_text.empty()) std::fprintf(stderr, "%s\n", stderr_text.c_str());
    const auto best = [&] {
        send("bestmove " + draughts::rules::to_hub_notation(mock.choose_move()));
    };
    draughts::mocks::MockHooks hooks;
    if (!banner.empty()) hooks.on_hub = [&] { send(banner); };
    hooks.on_go = [&](int) {
        send("info depth=1 nodes=1");
        best();
        // Then, like any search, it waits for `stop` (and answers `ping` meanwhile).
        while (auto line = mock.input().next()) {
            mock.received(*line);
            const std::string_view command = draughts::mocks::hub_command(*line);
            if (command == "ping") send("pong");
            if (command == "stop") return best();
            if (command == "quit") return;
        }
    };
    return mock.run(hooks);
}
