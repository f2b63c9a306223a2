// Mock Hub engine for tuning tests: it declares two parameters, x (int, 0..100) and y (real,
// -5..5), and plays worse the further they are from a known optimum (--optimum-x, default 60;
// --optimum-y, default 1.5). Each move is the built-in engine's choice after a tiny search, or,
// with probability
//
//   blunder = 0.02 + 0.3 ((x - x*) / 50)^2 + 0.3 ((y - y*) / 5)^2   (at most 0.9),
//
// a random legal move. Every draw is a hash of the position, the parameters and --seed, so a
// game is a function of its opening and both sides' parameters: tuning it is deterministic.
// `set-param` is taken before and after `init`; with --reject NAME every set-param of NAME, and
// with --refuse-after N every one after the first N, is answered with `error` (an engine that
// refuses a value). It reports the search's score, so that score adjudication can end lost games
// early.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "common/portable_random.hpp"
#include "common/text.hpp"
#include "engine/engine.hpp"
#include "tests/mocks/hub_mock.hpp"

namespace {

using namespace draughts;

struct Tunable {
    long x = 50;
    double y = 0.0;
};

std::uint64_t bits_of(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// When the mock refuses values.
struct Refusals {
    std::string name;  ///< --reject NAME: every value of NAME
    long after = -1;   ///< --refuse-after N: every value once N were taken
    long taken = 0;
};

/// Takes a set-param, or answers it with `error`.
void set_param(const std::string& line, Tunable& t, Refusals& refusals) {
    const auto name = mocks::hub_field(line, "name").value_or("");
    const auto value = mocks::hub_field(line, "value").value_or("");
    if ((!refusals.name.empty() && name == refusals.name) ||
        (refusals.after >= 0 && refusals.taken >= refusals.after))
        return mocks::send("error message=\"" + name + ": value " + value + " refused\"");
    ++refusals.taken;
    if (name == "x") {
        const auto v = parse_number<long>(value);
        if (!v || *v < 0 || *v > 100) return mocks::send("error message=\"x: out of range\"");
        t.x = *v;
    } else if (name == "y") {
        const auto v = parse_number<double>(value);
        if (!v || !(*v >= -5.0 && *v <= 5.0))
            return mocks::send("error message=\"y: out of range\"");
        t.y = *v;
    } else if (name != "hash" && name != "book") {
        mocks::send("error message=\"unknown parameter " + name + "\"");
    }
}

}  // namespace

int main(int argc, char** argv) {
    mocks::HubMock mock(argc, argv, "tunable");
    const double optimum_x =
        parse_number<double>(mock.options().text("optimum-x", "60")).value_or(60);
    const double optimum_y =
        parse_number<double>(mock.options().text("optimum-y", "1.5")).value_or(1.5);
    Refusals refusals{mock.options().text("reject", ""), mock.options().number("refuse-after", -1)};
    const auto seed = static_cast<std::uint64_t>(mock.options().number("seed", 1));
    const auto nodes = static_cast<std::uint64_t>(mock.options().number("nodes", 300));
    Tunable tunable;
    engine::EngineOptions options;
    options.hash_mb = 1;
    options.weights = engine::EvalWeights{};  // hand-set: a man is 1000 units, 1.00 in `info`
    engine::Engine searcher(options);
    mocks::MockHooks hooks;
    hooks.on_hub = [&] {
        mocks::send("id name=tunable version=1.0 author=\"draughts tests\"");
        mocks::send("param name=x value=" + std::to_string(tunable.x) + " type=int min=0 max=100");
        mocks::send("param name=y value=0 type=real min=-5 max=5");
        mocks::send("param name=label value=none type=string");
        mocks::send("wait");
    };
    hooks.on_go = [&](int) {
        const rules::Position& position = mock.position();
        rules::MoveList moves;
        rules::generate_moves(position, moves);
        if (moves.empty()) return mocks::send("done");
        const double dx = (static_cast<double>(tunable.x) - optimum_x) / 50.0;
        const double dy = (tunable.y - optimum_y) / 5.0;
        const double blunder = std::min(0.9, 0.02 + 0.3 * dx * dx + 0.3 * dy * dy);
        PortableRandom random(position.hash() ^ (static_cast<std::uint64_t>(tunable.x) << 40) ^
                              bits_of(tunable.y) ^ (seed * 0x9E3779B97F4A7C15ULL));
        engine::SearchLimits limits;
        limits.nodes = nodes;
        const auto result = searcher.search(position, {}, limits);
        rules::Move move = result.best_move;
        if (random.uniform() < blunder)
            move = moves[static_cast<std::size_t>(random.below(moves.size()))];
        mocks::send("info depth=" + std::to_string(result.depth) +
                    " score=" + std::to_string(result.score / 1000.0) +
                    " nodes=" + std::to_string(result.nodes));
        mocks::send("done move=" + rules::to_hub_notation(move));
    };
    hooks.on_line = [&](const std::string& line) {
        const std::string_view command = mocks::hub_command(line);
        if (command == "set-param") {
            set_param(line, tunable, refusals);
            return true;
        }
        if (command == "new-game") searcher.new_game();
        return false;
    };
    return mock.run(hooks);
}
