#include "tuner/datagen.hpp"

#include <string>

#include "common/file_io.hpp"
#include "records/time_control.hpp"
#include "tuner/dataset.hpp"
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
        if (config.engine)
            e.spec = config.engine->spec;
        else
            e.spec = harness::BuiltinEngine{.weights = config.weights,
                                            .hash_mb = config.hash_mb,
                                            .egdb = {},
                                            .network = {},
                                            .parameters = {}};
        m.engines.push_back(e);
    }
    return m;
}

namespace {

/// Samples the games of a match of variant V into a data set of V (see write_positions).
template <typename V>
Expected<SamplingReport> write_positions_of(const DatagenConfig& config,
                                            const DatagenPaths& paths) {
    SamplingReport report;
    auto dataset = sample_results<V>(paths.match, config.sampling, report);
    if (!dataset) return dataset.error();
    if (auto ok = save_dataset(*dataset, paths.positions, format_for_path(paths.positions)); !ok)
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
