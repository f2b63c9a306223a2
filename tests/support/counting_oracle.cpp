#include "tests/support/counting_oracle.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "common/tsan_annotations.hpp"
#include "egdb/counting.hpp"
#include "egdb/slice_file.hpp"
#include "rules/board_geometry.hpp"
#include "rules/draw_rules.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace draughts::testing {

namespace {

constexpr std::uint8_t kUnsolved = 0;
constexpr std::uint8_t kWin = 1;
constexpr std::uint8_t kDraw = 2;
constexpr std::uint8_t kLoss = 3;

egdb::Outcome outcome_of(std::uint8_t v) {
    return v == kWin ? egdb::Outcome::Win : v == kLoss ? egdb::Outcome::Loss : egdb::Outcome::Draw;
}

/// The counters the state (position, count) stands for (see the header).
rules::DrawCounters counters_of(const rules::Position& position, int count) {
    rules::DrawCounters counters = rules::DrawCounters::at_start(position);
    counters.reversible_plies = count;
    if (counters.rule != rules::EndgameRule::None) counters.endgame_plies = count;
    return counters;
}

/// The count of the state a successor's counters stand for.
int count_of(const rules::DrawCounters& counters) {
    return std::max(counters.reversible_plies, counters.endgame_plies);
}

rules::Position turned(const rules::Position& p) {
    using rules::geometry::rotate;
    return rules::Position::from_bitboards(rotate(p.black()), rotate(p.white()), rotate(p.kings()),
                                           rules::opposite(p.side_to_move()));
}

}  // namespace

CountingOracle::CountingOracle(const std::vector<egdb::Material>& materials) {
    for (const egdb::Material& m : materials) solve(m);
}

std::uint8_t CountingOracle::read(const Table& table, int count, std::uint64_t index) {
    const std::uint64_t slot = static_cast<std::uint64_t>(count) * table.index.size() + index;
    auto& cell = const_cast<std::uint8_t&>(table.bits[slot / 4]);
    const std::uint8_t byte = std::atomic_ref<std::uint8_t>(cell).load(std::memory_order_relaxed);
    return static_cast<std::uint8_t>((byte >> (2 * (slot % 4))) & 3);
}

void CountingOracle::write(Table& table, int count, std::uint64_t index, std::uint8_t v) {
    const std::uint64_t slot = static_cast<std::uint64_t>(count) * table.index.size() + index;
    std::atomic_ref<std::uint8_t>(table.bits[slot / 4])
        .fetch_or(static_cast<std::uint8_t>(v << (2 * (slot % 4))), std::memory_order_relaxed);
}

std::uint8_t CountingOracle::lookup(const rules::Position& position, int count) const {
    if (position.pieces(position.side_to_move()) == 0) return kLoss;
    const egdb::Material material = egdb::Material::of(position);
    const bool canonical = material.is_canonical();
    const Table* table = tables_[(canonical ? material : material.flipped()).key()].get();
    if (table == nullptr || count >= kCounts) return kUnsolved;
    return read(*table, count, table->index.index(canonical ? position : turned(position)));
}

std::uint8_t CountingOracle::evaluate(const rules::Position& position, int count,
                                      bool& unsolved) const {
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    if (moves.empty()) return kLoss;
    const rules::DrawCounters counters = counters_of(position, count);
    if (counters.is_draw()) return kDraw;
    std::uint8_t best = kLoss;
    for (const rules::Move& m : moves) {
        const rules::Position next = position.after(m);
        const std::uint8_t reply = lookup(next, count_of(counters.next(position, next)));
        if (reply == kUnsolved) unsolved = true;
        if (reply == kLoss) return kWin;
        if (reply != kWin) best = kDraw;
    }
    return best;
}

void CountingOracle::solve(const egdb::Material& material) {
    auto table = std::make_unique<Table>(Table{egdb::SliceIndex(material), {}});
    const egdb::SliceIndex& index = table->index;
    table->bits.assign((index.size() * kCounts + 3) / 4, 0);
    // Positions by the advancement of their men, most advanced first (a man move adds one).
    std::vector<std::vector<std::uint64_t>> groups(8 * egdb::kMaxDatabasePieces + 1);
    for (std::uint64_t block = 0; block < index.blocks(); ++block) {
        const auto men = index.block_men(block);
        if (!men) continue;
        auto& group =
            groups[groups.size() - 1 - static_cast<std::size_t>(egdb::men_advancement(*men))];
        for (std::uint64_t k = 0; k < index.block_size(); ++k)
            group.push_back(block * index.block_size() + k);
    }
    Table& t = *table;
    tables_[material.key()] = std::move(table);
    std::mutex mutex;
    for (const auto& group : groups) {
        // Within a block only quiet king moves stay, and they add one to the count.
        for (int count = kCounts - 1; count >= 0; --count) {
            // Each count reads what the one before wrote (TSan cannot see TBB's fork and join).
            const ForkJoinEdges edges;
            const auto each = [&](std::size_t k) {
                const std::uint64_t i = group[k];
                const rules::Position p = *index.position(i);
                bool unsolved = false;
                write(t, count, i, evaluate(p, count, unsolved));
                if (!unsolved) return;
                const std::lock_guard lock(mutex);
                if (failures_.size() < 10)
                    failures_.push_back(rules::to_fen(p) + " at count " + std::to_string(count) +
                                        ": a successor was not solved first");
            };
            tbb::parallel_for(tbb::blocked_range<std::size_t>(std::size_t{0}, group.size()),
                              edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                                  for (std::size_t k = range.begin(); k != range.end(); ++k)
                                      each(k);
                              }));
            edges.joined();
        }
    }
}

egdb::Outcome CountingOracle::outcome(const rules::Position& position, int count) const {
    return outcome_of(lookup(position, count));
}

OracleComparison compare_with_database(const std::filesystem::path& folder,
                                       const std::vector<egdb::Material>& slices,
                                       const CountingOracle& oracle) {
    OracleComparison out;
    for (const egdb::Material& m : slices) {
        auto file = egdb::SliceFile::load(folder / (m.name() + egdb::kSliceExtension), true);
        auto bytes = file ? file->decode_all() : Expected<std::vector<std::uint8_t>>(file.error());
        if (!bytes) {
            ++out.wrong;
            out.examples.push_back(bytes.error().message);
            continue;
        }
        const egdb::SliceIndex index(m);
        const int limit = egdb::count_limit(m.rule());
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p) continue;
            const egdb::Value v = egdb::Value::from_byte((*bytes)[i]).value_or(egdb::Value{});
            for (int count = 0; count <= limit; ++count, ++out.compared) {
                const egdb::Outcome expected = oracle.outcome(*p, count);
                if (egdb::outcome_within(v, limit - count) == expected) continue;
                if (++out.wrong <= 5)
                    out.examples.push_back(rules::to_fen(*p) + " count " + std::to_string(count) +
                                           ": stored " + v.text() + ", brute force " +
                                           egdb::outcome_name(expected));
            }
        }
    }
    return out;
}

}  // namespace draughts::testing
