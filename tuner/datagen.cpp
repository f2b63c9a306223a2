#include "tuner/datagen.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/file_io.hpp"
#include "records/game_line.hpp"
#include "records/results_folder.hpp"
#include "records/time_control.hpp"
#include "tuner/dataset.hpp"
#include "tuner/game_sampler.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

DatagenPaths datagen_paths(const DatagenConfig& config) {
    DatagenPaths p;
    p.folder = config.output;
    p.config = p.folder / "datagen.yaml";
    p.openings = p.folder / "openings.fen";
    p.match = p.folder / "match";
    const std::filesystem::path positions(config.positions);
    p.positions = positions.is_absolute() ? positions : p.folder / positions;
    return p;
}

harness::MatchConfig datagen_match(const DatagenConfig& config, const DatagenPaths& paths) {
    harness::MatchConfig m;
    m.event = "datagen";
    m.variant = config.variant;
    m.seed = config.seed;
    m.concurrency = config.concurrency;
    m.output = paths.match.string();
    m.time_control = harness::TimeControl{.nodes = config.nodes};
    m.tournament.type = harness::TournamentType::HeadToHead;
    m.tournament.games = config.games;
    m.tournament.rounds = 1;
    m.openings.file = paths.openings.string();
    m.openings.format = harness::BookFormat::Fen;
    m.openings.order = harness::BookOrder::Sequential;
    m.adjudication = config.adjudication;
    // The two engines differ by a few nodes per move: identical engines would play the second
    // game of each colour-swapped pair move for move like the first.
    for (const std::uint64_t nodes : {config.nodes, config.nodes + config.nodes / 16 + 1}) {
        harness::EngineConfig e;
        e.name = m.engines.empty() ? "engine-a" : "engine-b";
        e.time_control = harness::TimeControl{.nodes = nodes};
        e.spec = harness::BuiltinEngine{
            .weights = config.weights, .hash_mb = config.hash_mb, .egdb = {}};
        m.engines.push_back(e);
    }
    return m;
}

namespace {

/// Samples the games of a match of variant V into a data set of V (see write_positions).
template <typename V>
Expected<SamplingReport> write_positions_of(const DatagenConfig& config,
                                            const DatagenPaths& paths) {
    const auto stored = harness::read_results(paths.match);
    if (!stored) return stored.error();
    SamplingReport report;
    BasicDataset<V> dataset;
    const std::string jsonl = (paths.match / harness::kJsonlFile).string();
    // Pairs are committed in the order they finish; sampling them in schedule order makes the
    // data set independent of the concurrency.
    std::vector<const std::array<harness::StoredGame, 2>*> pairs;
    for (const auto& pair : stored->pairs) pairs.push_back(&pair);
    std::sort(pairs.begin(), pairs.end(),
              [](const auto* a, const auto* b) { return (*a)[0].pair < (*b)[0].pair; });
    std::unordered_set<std::uint64_t> signatures;
    for (const auto* pair : pairs) {
        if (!signatures.insert(harness::pair_signature((*pair)[0].line, (*pair)[1].line)).second) {
            ++report.repeated_pairs;
            report.games += 2;
            continue;
        }
        for (const harness::StoredGame& g : *pair) {
            const std::string where =
                jsonl + ": pair " + std::to_string(g.pair) + " game " + std::to_string(g.game);
            const auto game = game_from_json_line<V>(g.line, where);
            if (!game) return game.error();
            ++report.games;
            if (!game->result) ++report.unfinished;
            for (const BasicSample<V>& s : sample_game(
                     *game, config.sampling, 2 * g.pair + static_cast<std::uint64_t>(g.game))) {
                ++report.results[static_cast<std::size_t>(s.result)];
                dataset.samples.push_back(s);
            }
        }
    }
    report.samples = dataset.samples.size();
    if (auto ok = save_dataset(dataset, paths.positions, format_for_path(paths.positions)); !ok)
        return ok.error();
    return report;
}

}  // namespace

Expected<SamplingReport> write_positions(const DatagenConfig& config, const DatagenPaths& paths) {
    return rules::dispatch_variant(config.variant, [&](auto policy) {
        return write_positions_of<decltype(policy)>(config, paths);
    });
}

}  // namespace draughts::tuner
