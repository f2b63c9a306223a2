#include "tuner/datagen.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/file_io.hpp"
#include "common/portable_random.hpp"
#include "engine/weights_file.hpp"
#include "harness/game/time_control.hpp"
#include "harness/openings/balance_filter.hpp"
#include "harness/openings/opening_book.hpp"
#include "harness/openings/opening_order.hpp"
#include "harness/tournament/results_folder.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tuner/dataset.hpp"
#include "tuner/game_sampler.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

namespace {

/// Draws for one opening before giving up on making it distinct from the others.
constexpr int kAttempts = 32;

/// `plies` random legal plies from `start`; nullopt when a side runs out of moves on the way.
std::optional<rules::Position> random_walk(rules::Position p, int plies, PortableRandom& random) {
    for (int i = 0; i < plies; ++i) {
        rules::MoveList moves;
        rules::generate_moves(p, moves);
        if (moves.empty()) return std::nullopt;
        p = p.after(moves[random.below(moves.size())]);
    }
    if (rules::count_moves(p) == 0) return std::nullopt;
    return p;
}

Expected<harness::OpeningBook> load_book(const DatagenConfig& config) {
    if (config.openings.empty())
        return harness::OpeningBook::from_openings(
            {harness::opening_at(rules::Position::initial())});
    harness::BookLoadOptions options;
    options.pdn_plies = config.book_plies;
    return harness::OpeningBook::load(config.openings, options);
}

/// Identifies a position with its side to move.
std::uint64_t position_key(const rules::Position& p) {
    return p.hash() ^ (p.side_to_move() == rules::Color::Black ? 0x5bd1e995ULL : 0);
}

}  // namespace

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

Expected<std::size_t> write_openings(const DatagenConfig& config, const std::filesystem::path& file,
                                     std::size_t count) {
    // The books, the opening check and the match below are international until the harness
    // plays the other variants.
    if (config.variant != rules::Variant::International)
        return make_error("datagen: the match harness plays international draughts only, not " +
                          std::string(rules::variant_name(config.variant)));
    const auto book = load_book(config);
    if (!book) return book.error();
    auto weights = config.weights.empty() ? Expected<engine::EvalWeights>(engine::EvalWeights{})
                                          : engine::load_weights(config.weights);
    if (!weights) return weights.error();
    const harness::OpeningOrder order(book->size(), harness::BookOrder::Random, config.seed, 0);
    std::vector<PortableRandom> randoms;
    for (std::size_t k = 0; k < count; ++k)
        randoms.emplace_back(config.seed * 0x9e3779b97f4a7c15ULL + k);
    // Every slot draws until it gets a balanced opening not seen before; slots are settled in
    // order, so the file depends only on the configuration.
    std::vector<std::optional<rules::Position>> chosen(count);
    std::unordered_set<std::uint64_t> seen;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        std::vector<std::size_t> slots;
        std::vector<harness::Opening> candidates;
        for (std::size_t k = 0; k < count; ++k) {
            if (chosen[k]) continue;
            // A slot whose book opening keeps giving unbalanced positions moves on to others.
            const std::size_t base =
                order.book_index(k + static_cast<std::size_t>(attempt / 4) * count);
            const auto p = random_walk((*book)[base].position, config.random_plies, randoms[k]);
            if (!p) continue;
            slots.push_back(k);
            candidates.push_back(harness::opening_at(*p));
        }
        if (candidates.empty()) break;
        std::vector<int> scores(candidates.size(), 0);
        if (config.opening_max_score > 0)
            scores = harness::score_openings(
                candidates, {*weights, config.check_depth, std::nullopt, 4, config.concurrency});
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const rules::Position& p = candidates[i].position;
            const bool balanced =
                config.opening_max_score == 0 || std::abs(scores[i]) <= config.opening_max_score;
            if (balanced && seen.insert(position_key(p)).second) chosen[slots[i]] = p;
        }
    }
    std::string text = "# Openings of a datagen run: book openings plus " +
                       std::to_string(config.random_plies) + " random plies, seed " +
                       std::to_string(config.seed) + "\n";
    std::size_t written = 0;
    for (const auto& p : chosen) {
        if (!p) continue;
        text += rules::to_fen(*p) + "\n";
        ++written;
    }
    if (written == 0) return make_error("no playable opening could be made from the book");
    if (auto ok = write_file_atomically(file, text); !ok) return ok.error();
    return written;
}

harness::MatchConfig datagen_match(const DatagenConfig& config, const DatagenPaths& paths) {
    harness::MatchConfig m;
    m.event = "datagen";
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
    for (const auto* pair : pairs) {
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
