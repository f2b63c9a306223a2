#include "egdb/slice_solver.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>

#include "common/tsan_annotations.hpp"
#include "egdb/counting.hpp"
#include "egdb/value.hpp"
#include "rules/movegen.hpp"

namespace draughts::egdb {

namespace {

using rules::Bitboard;

/// Byte of a position not settled yet (never stored in a file).
constexpr std::uint8_t kUndecided = 0xFE;
/// No winning move out of the block / cannot lose: larger than any count of plies.
constexpr std::uint8_t kNever = 0xFF;
/// Blocks smaller than this are solved by one thread (many blocks run side by side).
constexpr std::uint64_t kParallelBlock = 1 << 15;
constexpr std::array<int, 4> kSteps = {rules::kUpLeft, rules::kUpRight, rules::kDownLeft,
                                       rules::kDownRight};

std::uint8_t load(std::uint8_t& b) {
    return std::atomic_ref<std::uint8_t>(b).load(std::memory_order_relaxed);
}
/// Sets `b` to `v` if it is undecided; true when this call did.
bool settle(std::uint8_t& b, std::uint8_t v) {
    std::uint8_t expected = kUndecided;
    return std::atomic_ref<std::uint8_t>(b).compare_exchange_strong(expected, v,
                                                                    std::memory_order_relaxed);
}
void raise_to(std::uint8_t& b, std::uint8_t v) {
    std::atomic_ref<std::uint8_t> ref(b);
    std::uint8_t old = ref.load(std::memory_order_relaxed);
    while (old < v && !ref.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
    }
}

/// One diagonal step of a single square; 0 when it leaves the board.
Bitboard step(Bitboard square, int direction) {
    return (direction > 0 ? square << direction : square >> -direction) & rules::kBoardMask;
}

/// Calls f(begin, end) over [0, n), in parallel when n is large.
template <typename F>
void for_range(std::uint64_t n, F&& f) {
    if (n < kParallelBlock) {
        f(std::uint64_t{0}, n);
        return;
    }
    // The tasks read the tables the caller wrote, and the caller reads what they wrote: TSan
    // cannot see TBB's fork and join (common/tsan_annotations.hpp).
    const ForkJoinEdges edges;
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, n, 4096),
        edges.traced([&](const tbb::blocked_range<std::uint64_t>& r) { f(r.begin(), r.end()); }));
    edges.joined();
}

/// What the moves that leave the block say about a position (see BlockSolver::init).
struct ExitSummary {
    int in_block = 0;           ///< quiet king moves (they stay in the block)
    std::uint8_t win = kNever;  ///< fewest plies of a win through a move out of the block
    std::uint8_t floor = 0;     ///< plies a loss needs at least, from the moves out of the block
};

/// Settles one block of a slice; see solve_slice.
class BlockSolver {
  public:
    BlockSolver(const SliceTable& table, const Material& material, const BlockMen& men,
                std::uint8_t* bytes)
        : table_(table),
          men_(men),
          numbering_(material, men),
          kings_(numbering_.count()),
          size_(2 * kings_),
          limit_(count_limit(material.rule())),
          bytes_(bytes) {}

    void run() {
        count_.assign(size_, 0);
        floor_.assign(size_, 0);
        win_exit_.assign(size_, kNever);
        std::atomic<std::uint64_t> undecided{0};
        for_range(size_, [&](std::uint64_t begin, std::uint64_t end) {
            std::uint64_t open = 0;
            for (std::uint64_t i = begin; i < end; ++i) open += init(i) ? 1U : 0U;
            undecided += open;
        });
        std::uint64_t left = undecided.load();
        for (int d = 0; d <= limit_ && left > 0; ++d) left -= settle_level(d);
        for (std::uint64_t i = 0; i < size_ && left > 0; ++i)
            if (bytes_[i] == kUndecided) bytes_[i] = Value::draw().byte();
    }

  private:
    rules::Position position_at(std::uint64_t i) const {
        const auto [white_kings, black_kings] = numbering_.kings(i % kings_);
        const rules::Color side = i < kings_ ? rules::Color::White : rules::Color::Black;
        return rules::Position::from_bitboards(men_.white | white_kings, men_.black | black_kings,
                                               white_kings | black_kings, side);
    }

    /// Looks at every move of position i; settles it when no move stays in the block, else
    /// keeps what the moves out of the block say. True when it stays undecided.
    bool init(std::uint64_t i) {
        const rules::Position p = position_at(i);
        rules::MoveList moves;
        rules::generate_moves(p, moves);
        if (moves.empty()) {  // no legal move: lost [FMJD 7.2.2, 7.2.3]
            bytes_[i] = Value::loss(0).byte();
            return false;
        }
        const ExitSummary exits = summarize_exits(p, moves);
        if (exits.in_block == 0) {
            bytes_[i] = exits.win != kNever     ? Value::win(exits.win).byte()
                        : exits.floor != kNever ? Value::loss(exits.floor).byte()
                                                : Value::draw().byte();
            return false;
        }
        bytes_[i] = kUndecided;
        count_[i] = static_cast<std::uint8_t>(exits.in_block);
        win_exit_[i] = exits.win;
        floor_[i] = exits.floor;
        return true;
    }

    ExitSummary summarize_exits(const rules::Position& p, const rules::MoveList& moves) const {
        ExitSummary out;
        for (const rules::Move& m : moves) {
            if (!m.is_capture() && ((p.kings() >> m.from_index()) & 1) != 0) {
                ++out.in_block;
                continue;
            }
            const rules::Position q = p.after(m);
            const auto byte = table_.byte_of(q);
            assert(byte.has_value());
            const auto v = Value::from_byte(*byte);
            assert(v.has_value());
            // Plies this move needs: one, then the reply's own count (a fresh count after a
            // restart, which every stored value fits in).
            const int need = restarts_count(p, q) ? 1 : v->plies + 1;
            const auto fits = static_cast<std::uint8_t>(need <= limit_ ? need : kNever);
            if (v->outcome == Outcome::Loss) {
                out.win = std::min(out.win, fits);
                out.floor = kNever;  // a move that does not lose: the position cannot be lost
            } else if (v->outcome == Outcome::Win) {
                out.floor = std::max(out.floor, fits);
            } else {
                out.floor = kNever;
            }
        }
        return out;
    }

    /// Calls f(j) for every position j of the block with a quiet king move to position i.
    template <typename F>
    void for_each_predecessor(std::uint64_t i, F&& f) const {
        const auto [white_kings, black_kings] = numbering_.kings(i % kings_);
        const bool white_to_move = i < kings_;
        // The side that just moved is the other one; its king went from some a to b.
        const Bitboard movers = white_to_move ? black_kings : white_kings;
        const Bitboard occupied = men_.white | men_.black | white_kings | black_kings;
        const std::uint64_t offset = white_to_move ? kings_ : 0;
        Bitboard rest = movers;
        while (rest != 0) {
            const Bitboard b = Bitboard{1} << rules::pop_lsb(rest);
            for (int direction : kSteps) {
                for (Bitboard a = step(b, direction); a != 0 && (a & occupied) == 0;
                     a = step(a, direction)) {
                    const Bitboard moved = movers ^ b ^ a;
                    const std::uint64_t n = white_to_move ? numbering_.number(white_kings, moved)
                                                          : numbering_.number(moved, black_kings);
                    f(offset + n);
                }
            }
        }
    }

    /// Settles the losses in d plies and the wins in d + 1 plies; returns how many it settled.
    std::uint64_t settle_level(int d) {
        const auto loss = Value::loss(d).byte();
        std::atomic<std::uint64_t> settled{0};
        // All moves of a position lead to opponent wins once its count is down to 0; its floor
        // is then the plies its longest defence needs.
        for_range(size_, [&](std::uint64_t begin, std::uint64_t end) {
            std::uint64_t n = 0;
            for (std::uint64_t i = begin; i < end; ++i)
                if (bytes_[i] == kUndecided && count_[i] == 0 && floor_[i] == d) {
                    bytes_[i] = loss;
                    ++n;
                }
            settled += n;
        });
        if (d == limit_) return settled.load();
        const auto win = Value::win(d + 1).byte();
        const auto next = static_cast<std::uint8_t>(d + 1);
        for_range(size_, [&](std::uint64_t begin, std::uint64_t end) {
            std::uint64_t n = 0;
            for (std::uint64_t i = begin; i < end; ++i) {
                const std::uint8_t b = load(bytes_[i]);
                if (b == loss) {
                    for_each_predecessor(i, [&](std::uint64_t j) { n += settle(bytes_[j], win); });
                } else if (b == kUndecided && win_exit_[i] == next) {
                    n += settle(bytes_[i], win);
                }
            }
            settled += n;
        });
        const auto floor = static_cast<std::uint8_t>(d + 2);
        for_range(size_, [&](std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t i = begin; i < end; ++i) {
                if (bytes_[i] != win) continue;
                for_each_predecessor(i, [&](std::uint64_t j) {
                    if (bytes_[j] != kUndecided) return;
                    std::atomic_ref<std::uint8_t>(count_[j]).fetch_sub(1,
                                                                       std::memory_order_relaxed);
                    raise_to(floor_[j], floor);
                });
            }
        });
        return settled.load();
    }

    const SliceTable& table_;
    BlockMen men_;
    BlockKings numbering_;
    std::uint64_t kings_;
    std::uint64_t size_;
    int limit_;
    std::uint8_t* bytes_;
    std::vector<std::uint8_t> count_;     ///< quiet king moves not yet known to lose
    std::vector<std::uint8_t> floor_;     ///< plies the loss needs at least (kNever: no loss)
    std::vector<std::uint8_t> win_exit_;  ///< fewest plies of a win out of the block
};

/// The blocks of a slice grouped by the advancement of their men, most advanced first; blocks
/// whose men overlap are left out (their bytes are set to Value::kInvalidByte).
std::vector<std::vector<std::uint64_t>> blocks_by_advancement(const SliceIndex& index,
                                                              std::uint8_t* bytes) {
    constexpr int kMaxAdvancement = 8 * kMaxDatabasePieces;
    std::vector<std::vector<std::uint64_t>> groups(kMaxAdvancement + 1);
    for (std::uint64_t block = 0; block < index.blocks(); ++block) {
        const auto men = index.block_men(block);
        if (!men) {
            std::fill_n(bytes + block * index.block_size(), index.block_size(),
                        Value::kInvalidByte);
            continue;
        }
        groups[static_cast<std::size_t>(kMaxAdvancement - men_advancement(*men))].push_back(block);
    }
    return groups;
}

}  // namespace

SliceStats solve_slice(const Material& material, SliceTable& table) {
    const SliceIndex index(material);
    std::vector<std::uint8_t>& bytes =
        table.add(material, std::vector<std::uint8_t>(index.size(), kUndecided));
    const auto groups = blocks_by_advancement(index, bytes.data());
    for (const std::vector<std::uint64_t>& group : groups) {
        // Each group reads the blocks the groups before it settled (TSan cannot see TBB's fork and
        // join: common/tsan_annotations.hpp).
        const ForkJoinEdges edges;
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, group.size()),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t k = range.begin(); k != range.end(); ++k) {
                                  const std::uint64_t block = group[k];
                                  const auto men = index.block_men(block);
                                  BlockSolver(table, material, *men,
                                              bytes.data() + block * index.block_size())
                                      .run();
                              }
                          }));
        edges.joined();
    }
    return slice_stats(bytes);
}

SliceStats slice_stats(const std::vector<std::uint8_t>& bytes) {
    SliceStats stats;
    for (const std::uint8_t b : bytes) {
        const auto v = Value::from_byte(b);
        if (!v) continue;
        ++stats.positions;
        if (v->outcome == Outcome::Win) {
            ++stats.wins;
            stats.longest_win = std::max(stats.longest_win, v->plies);
        } else if (v->outcome == Outcome::Loss) {
            ++stats.losses;
        } else {
            ++stats.draws;
        }
    }
    return stats;
}

}  // namespace draughts::egdb
