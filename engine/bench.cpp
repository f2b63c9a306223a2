#include "engine/bench.hpp"

#include <chrono>
#include <type_traits>

#include "common/time_source.hpp"
#include "engine/engine.hpp"
#include "rules/fen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

namespace {
const std::vector<std::string_view>& international_positions() {
    // Positions of two of the engine's self-play games (every tenth ply without a capture) and
    // three endgames with a forced win.
    static const std::vector<std::string_view> kPositions = {
        "W:W31-50:B1-20",
        "W:W26-27,33,37-50:B1-10,12-19,23",
        "W:W17,27,32,37-41,43-50:B1-6,8-11,13,15-16,18-19,23-24",
        "W:W32,34,39,41,45-50:B2-6,9-10,12-13,20,23,36",
        "W:W27,32,41-42,45,47,49-50:B2-6,12,17,19,33,36",
        "W:W21,30,32,37,40,47:B2-4,11,14,23,29,36",
        "W:W26-27,29,31,33,35,38,40-50:B1-6,8-9,11-12,14-17,19-20,24",
        "W:W22,26,31,39,41-42,44-50:B1-6,8-9,11,14,16,24",
        "W:W26-27,34,38,40-41,45-50:B1-4,8-10,16-17,23-24",
        "W:W26-27,32-33,45-50:B1-4,12-13,16-17,24",
        "W:W27,32-34,41,43,47,49-50:B1,3,8,10,13,16,24,26",
        "W:W6,27,33-34,37,39,47:B12,16,23,25-26,30",
        "W:W23:B5,6",
        "W:WK46,K10,K3:BK26",
        "W:W6,7,8:BK45",
    };
    return kPositions;
}

const std::vector<std::string_view>& brazilian_positions() {
    // A self-play game (every tenth ply without a capture) and a shot built on the majority rule.
    static const std::vector<std::string_view> kPositions = {
        "W:W21-32:B1-12",          "W:W21-23,26-27,29:B3-4,8,10,15,20",
        "W:W23,26-27,29:B4,15,20", "W:W21-22,27:B10,16,20",
        "W:W17-18:B10,27",         "B:W12,19,21,27-29:B1,3-6,8",
    };
    return kPositions;
}

const std::vector<std::string_view>& russian_positions() {
    // A self-play game and two shots that crown a man in the middle of a capture.
    static const std::vector<std::string_view> kPositions = {
        "W:W21-32:B1-12",
        "W:W12,21-22,24,29-32:B1-4,10-11,14",
        "W:W12,16,22-23,29-30,32:B3,5,7-8,10,15,21",
        "W:W10,11,16:B2,3,7",
        "B:WK7,17,20,23,25-26,32:B5,9,12,24",
    };
    return kPositions;
}

}  // namespace

template <typename V>
const std::vector<std::string_view>& bench_positions() {
    if constexpr (std::is_same_v<V, rules::International>) {
        return international_positions();
    } else if constexpr (std::is_same_v<V, rules::Brazilian>) {
        return brazilian_positions();
    } else if constexpr (std::is_same_v<V, rules::Russian>) {
        return russian_positions();
    } else {
        static const std::vector<std::string_view> kPositions = {V::kInitialFen};
        return kPositions;
    }
}

template <typename V>
BasicBenchResult<V> run_bench(int depth, std::size_t hash_mb, const BasicEvalWeights<V>& weights,
                              std::shared_ptr<const Network> network,
                              const SearchParameters& search) {
    BasicEngineOptions<V> options;
    options.hash_mb = hash_mb;
    options.weights = weights;
    options.network = std::move(network);
    options.search = search;
    BasicEngine<V> engine(std::move(options));
    SearchLimits limits;
    limits.depth = depth;
    BasicBenchResult<V> out;
    const auto start = std::chrono::steady_clock::now();
    for (const std::string_view fen : bench_positions<V>()) {
        engine.new_game();
        const rules::BasicPosition<V> root = *rules::parse_fen<V>(fen);
        out.entries.push_back({fen, engine.search(root, {}, limits)});
        out.nodes += out.entries.back().result.nodes;
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                              \
    template const std::vector<std::string_view>& bench_positions<rules::Policy>();               \
    template BasicBenchResult<rules::Policy> run_bench(                                           \
        int, std::size_t, const BasicEvalWeights<rules::Policy>&, std::shared_ptr<const Network>, \
        const SearchParameters&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
