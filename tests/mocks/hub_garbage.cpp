// Mock Hub engine that answers a search with garbage. --mode lines (default): junk lines
// (unknown commands, bytes that are not text, an unterminated quote, a bad `info`) and then
// `done move=` with a move that is not draughts notation. --mode empty: `done` without a move.
// --mode flood: two megabytes without a newline. --after N legal moves come first (default 0).
#include <string>

#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    using draughts::mocks::send;
    draughts::mocks::HubMock mock(argc, argv, "garbage");
    const long after = mock.options().number("after", 0);
    const std::string mode = mock.options().text("mode", "lines");
    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int search) {
        if (search < after) {
            mock.play();
            return;
        }
        if (mode == "flood") {
            send(std::string(2 << 20, '#'));
            return;
        }
        send("hello there");
        send(std::string("\x01\x02\xff\xfe binary", 12));
        send("info depth=banana pv=\"32-28");
        send("=== 42 ===");
        send(mode == "empty" ? "done" : "done move=banana");
    };
    return mock.run(hooks);
}
