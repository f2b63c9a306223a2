// Mock Hub engine that ignores `stop`: after --after N normal moves (default 0) a search never
// ends by itself; it keeps answering `ping` and sends `info` now and then, but `stop` changes
// nothing. With --done-after-ms N it finally answers N ms after `go` (a slow stopper).
#include <chrono>
#include <string>

#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    using draughts::mocks::send;
    draughts::mocks::HubMock mock(argc, argv, "ignore_stop");
    const long after = mock.options().number("after", 0);
    const long done_after_ms = mock.options().number("done-after-ms", -1);
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (search < after) {
            mock.play();
            return;
        }
        const auto start = std::chrono::steady_clock::now();
        for (int depth = 1;; ++depth) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::steady_clock::now() - start)
                                     .count();
            if (done_after_ms >= 0 && elapsed >= done_after_ms) break;
            const auto line = mock.input().next(20);
            if (line && draughts::mocks::hub_command(*line) == "ping") send("pong");
            if (!line && mock.input().eof()) return;
            if (!line) send("info depth=" + std::to_string(depth) + " score=0.1");
        }
        mock.play();
    };
    return mock.run(hooks);
}
