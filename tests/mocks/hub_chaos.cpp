// Mock Hub engine for the soak test: a seeded random mix of good and bad behaviour. For each
// `go` it thinks a random while (up to --think-ms, answering `ping` and `stop`) and plays a random
// legal move, or, with the probabilities below (per thousand searches):
//   --crash     dies (SIGSEGV, SIGABRT or exit status 3, chosen at random)
//   --hang      hangs for good: stops reading its input and ignores SIGTERM, like a search stuck
//               in a loop; only SIGKILL ends it
//   --slow      thinks --slow-ms (default 3000) before answering, past any fast clock
//   --garbage   sends junk lines and then `done move=banana`
//   --illegal   plays a well-formed move that is not legal (one of the other side's)
// --seed N seeds the choices together with the process id, so each (re)start behaves differently.
// --tag TEXT is not used: it marks the command line so that a test can find its processes.
// Its searches have the habits of hub_mock.hpp: a line other than ping, ponder-hit or stop aborts
// them, and end of input ends the program without `done`.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <random>
#include <string>

#include "tests/mocks/hub_mock.hpp"

namespace {

namespace rules = draughts::rules;
using draughts::mocks::send;

[[noreturn]] void crash(std::mt19937_64& random) {
    switch (random() % 3) {
        case 0:
            std::exit(3);
        case 1:
            std::abort();
        default:
            // The default action, even where a sanitizer runtime installed its own handler.
            std::signal(SIGSEGV, SIG_DFL);
            std::raise(SIGSEGV);
            std::abort();
    }
}

[[noreturn]] void hang() {
    std::signal(SIGTERM, SIG_IGN);
    for (;;) ::pause();
}

void play_illegal(const rules::Position& position) {
    rules::MoveList theirs;
    rules::generate_moves(position.with_side_to_move(rules::opposite(position.side_to_move())),
                          theirs);
    send("done move=" + (theirs.empty() ? std::string("46-5") : rules::to_hub_notation(theirs[0])));
}

void play_garbage() {
    send("hello there");
    send(std::string("\x01\x02\xff\xfe binary", 12));
    send("info depth=banana pv=\"32-28");
    send("done move=banana");
}

}  // namespace

int main(int argc, char** argv) {
    draughts::mocks::HubMock mock(argc, argv, "chaos");
    const auto& options = mock.options();
    const long crash_rate = options.number("crash", 0);
    const long hang_rate = options.number("hang", 0);
    const long slow_rate = options.number("slow", 0);
    const long garbage_rate = options.number("garbage", 0);
    const long illegal_rate = options.number("illegal", 0);
    const long think_ms = options.number("think-ms", 0);
    const long slow_ms = options.number("slow-ms", 3000);
    std::mt19937_64 random(static_cast<std::uint64_t>(options.number("seed", 0)) * 1000003U +
                           static_cast<std::uint64_t>(::getpid()));

    draughts::mocks::MockHooks hooks;
    hooks.on_go = [&](int) {
        long roll = static_cast<long>(random() % 1000);
        if ((roll -= crash_rate) < 0) crash(random);
        if ((roll -= hang_rate) < 0) hang();
        if ((roll -= garbage_rate) < 0) return play_garbage();
        if ((roll -= illegal_rate) < 0) return play_illegal(mock.position());
        const long ms =
            (roll -= slow_rate) < 0
                ? slow_ms
                : static_cast<long>(random() % static_cast<std::uint64_t>(think_ms + 1));
        if (mock.search_for(ms) != draughts::mocks::SearchEnd::Finished) return;
        rules::MoveList moves;
        rules::generate_moves(mock.position(), moves);
        const std::string text =
            moves.empty() ? "" : rules::to_hub_notation(moves[random() % moves.size()]);
        send("info depth=1 score=0.00 nodes=1 time=0.001 pv=\"" + text + "\"");
        send("done move=" + text);
    };
    return mock.run(hooks);
}
