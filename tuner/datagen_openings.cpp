// The opening file of a datagen run (see datagen.hpp, write_openings), for every variant: book
// openings (international; the other variants start from their initial position) each extended
// by random legal plies, redrawn until a shallow search of the variant's engine finds them
// balanced and they differ from every other.

#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "common/file_io.hpp"
#include "common/portable_random.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/engine.hpp"
#include "harness/openings/opening_book.hpp"
#include "harness/openings/opening_order.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tuner/datagen.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

namespace {

/// Draws for one opening before giving up on making it distinct from the others. With 6 random
/// plies after the three-move book about 2 % of 24,000 slots were still unbalanced after 32
/// draws (a random ply often loses a man), and 4 after 64. Only unsettled slots draw again, so
/// more attempts cost little.
constexpr int kAttempts = 256;
/// Hash table of each engine of the balance check.
constexpr std::size_t kCheckHashMb = 4;

template <typename V>
using Position = rules::BasicPosition<V>;

/// `plies` random legal plies from `start`; nullopt when a side runs out of moves on the way.
template <typename V>
std::optional<Position<V>> random_walk(Position<V> p, int plies, PortableRandom& random) {
    for (int i = 0; i < plies; ++i) {
        rules::BasicMoveList<V> moves;
        rules::generate_moves(p, moves);
        if (moves.empty()) return std::nullopt;
        p = p.after(moves[random.below(moves.size())]);
    }
    if (rules::count_moves(p) == 0) return std::nullopt;
    return p;
}

/// The positions the openings start from: the book's (international draughts), else the
/// variant's initial position (the configuration refuses books for other variants).
template <typename V>
Expected<std::vector<Position<V>>> book_positions(const DatagenConfig& config) {
    if (config.openings.empty()) return std::vector<Position<V>>{Position<V>::initial()};
    if constexpr (std::is_same_v<V, rules::International>) {
        harness::BookLoadOptions options;
        options.pdn_plies = config.book_plies;
        const auto book = harness::OpeningBook::load(config.openings, options);
        if (!book) return book.error();
        std::vector<Position<V>> out;
        for (std::size_t i = 0; i < book->size(); ++i) out.push_back((*book)[i].position);
        return out;
    } else {
        return make_error(config.openings +
                          ": opening books are read for international draughts "
                          "only");
    }
}

/// Scores of a depth-limited search of each position from a cleared engine (so a score does not
/// depend on the others), the positions shared out among `threads` engines.
template <typename V>
std::vector<int> search_scores(const std::vector<Position<V>>& positions,
                               const WeightsOf<V>& weights, int depth, int threads) {
    std::vector<int> scores(positions.size(), 0);
    const auto stride = static_cast<std::size_t>(std::max(1, threads));
    const auto score_some = [&](std::size_t first) {
        engine::BasicEngineOptions<V> options;
        options.hash_mb = kCheckHashMb;
        options.weights = weights;
        engine::BasicEngine<V> engine(options);
        engine::SearchLimits limits;
        limits.depth = depth;
        for (std::size_t i = first; i < positions.size(); i += stride) {
            engine.new_game();
            scores[i] = engine.search(positions[i], {}, limits).score;
        }
    };
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < stride; ++t) workers.emplace_back(score_some, t);
    score_some(0);
    for (std::thread& worker : workers) worker.join();
    return scores;
}

/// Identifies a position with its side to move.
template <typename V>
std::uint64_t position_key(const Position<V>& p) {
    return p.hash() ^ (p.side_to_move() == rules::Color::Black ? 0x5bd1e995ULL : 0);
}

/// Draws the openings: every slot draws until it gets a balanced opening not seen before; slots
/// are settled in order, so the result depends only on the configuration.
template <typename V>
std::vector<std::optional<Position<V>>> draw_openings(const DatagenConfig& config,
                                                      const std::vector<Position<V>>& book,
                                                      const WeightsOf<V>& weights,
                                                      std::size_t count) {
    const harness::OpeningOrder order(book.size(), harness::BookOrder::Random, config.seed, 0);
    std::vector<PortableRandom> randoms;
    for (std::size_t k = 0; k < count; ++k)
        randoms.emplace_back(config.seed * 0x9e3779b97f4a7c15ULL + k);
    std::vector<std::optional<Position<V>>> chosen(count);
    std::unordered_set<std::uint64_t> seen;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        std::vector<std::size_t> slots;
        std::vector<Position<V>> candidates;
        for (std::size_t k = 0; k < count; ++k) {
            if (chosen[k]) continue;
            // A slot whose book opening keeps giving unbalanced positions moves on to others.
            const std::size_t base =
                order.book_index(k + static_cast<std::size_t>(attempt / 4) * count);
            const auto p = random_walk<V>(book[base], config.random_plies, randoms[k]);
            if (!p) continue;
            slots.push_back(k);
            candidates.push_back(*p);
        }
        if (candidates.empty()) break;
        std::vector<int> scores(candidates.size(), 0);
        if (config.opening_max_score > 0)
            scores = search_scores<V>(candidates, weights, config.check_depth, config.concurrency);
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const bool balanced =
                config.opening_max_score == 0 || std::abs(scores[i]) <= config.opening_max_score;
            if (balanced && seen.insert(position_key(candidates[i])).second)
                chosen[slots[i]] = candidates[i];
        }
    }
    return chosen;
}

template <typename V>
Expected<std::size_t> write_openings_of(const DatagenConfig& config,
                                        const std::filesystem::path& file, std::size_t count) {
    const auto book = book_positions<V>(config);
    if (!book) return book.error();
    const auto weights = engine::load_weights_or<V>(config.weights, engine::builtin_weights<V>());
    if (!weights) return weights.error();
    std::string text = "# Openings of a datagen run: book openings plus " +
                       std::to_string(config.random_plies) + " random plies, seed " +
                       std::to_string(config.seed) + "\n";
    std::size_t written = 0;
    for (const auto& p : draw_openings<V>(config, *book, *weights, count)) {
        if (!p) continue;
        text += rules::to_fen(*p) + "\n";
        ++written;
    }
    if (written == 0) return make_error("no playable opening could be made from the book");
    if (auto ok = write_file_atomically(file, text); !ok) return ok.error();
    return written;
}

}  // namespace

Expected<std::size_t> write_openings(const DatagenConfig& config, const std::filesystem::path& file,
                                     std::size_t count) {
    return rules::dispatch_variant(config.variant, [&](auto policy) {
        return write_openings_of<decltype(policy)>(config, file, count);
    });
}

}  // namespace draughts::tuner
