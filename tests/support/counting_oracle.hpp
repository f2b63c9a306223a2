#pragma once
// A brute-force solver of small endgames under the FMJD counting rules, to check the endgame
// database (egdb/) without its theory of counts. Every state (position, count) is solved by plain
// minimax over the legal moves: the count is carried by the referee's own rules::DrawCounters
// (next() after every move, is_draw() to end the game), and a side without a legal move loses
// [FMJD 7.2.2, 7.2.3]. Nothing here knows which moves restart a count or what plies a win
// needs; it only needs the game to be finite, which the counts make it.
//
// States are kept for every count 0..50 (2 bits each). The state (position, c) stands for the
// counters {reversible_plies = c, endgame_plies = c inside a counted ending}: the most the 25-move
// count can have run there. Slices are solved in the builder's order and blocks of men from the
// most advanced down, so that every successor is solved first; a successor that is not (which
// would mean a count that falls on a reversible move) is reported by failures().

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "egdb/material.hpp"
#include "egdb/slice_index.hpp"
#include "egdb/value.hpp"
#include "rules/position.hpp"

namespace draughts::testing {

/// The brute-force solver described at the top of this file.
class CountingOracle {
  public:
    /// Solves `materials` (canonical, in build order, closed under what their moves reach) in
    /// parallel.
    explicit CountingOracle(const std::vector<egdb::Material>& materials);

    /// Result for the side to move at `position` when the count that matters has run `count`
    /// plies (0..50).
    egdb::Outcome outcome(const rules::Position& position, int count) const;

    /// Problems met while solving (a successor not solved first); empty when all went well.
    const std::vector<std::string>& failures() const { return failures_; }

  private:
    static constexpr int kCounts = 51;  ///< counts 0..50
    struct Table {
        egdb::SliceIndex index;
        std::vector<std::uint8_t> bits;  ///< 2 bits per (count, index), count-major
    };

    void solve(const egdb::Material& material);
    std::uint8_t evaluate(const rules::Position& position, int count, bool& unsolved) const;
    std::uint8_t lookup(const rules::Position& position, int count) const;
    static std::uint8_t read(const Table& table, int count, std::uint64_t index);
    static void write(Table& table, int count, std::uint64_t index, std::uint8_t v);

    std::array<std::unique_ptr<Table>, egdb::kMaterialKeys> tables_{};
    std::vector<std::string> failures_;
};

/// How a built database compares with the oracle.
struct OracleComparison {
    std::uint64_t compared = 0;  ///< (position, count) pairs, counts 0..limit of each slice
    std::uint64_t wrong = 0;
    std::vector<std::string> examples;  ///< the first disagreements
};

/// Reads every slice of `slices` from `folder` and compares, for every position and every count
/// its rule allows, the result the stored value gives (egdb::outcome_within) with the oracle's.
OracleComparison compare_with_database(const std::filesystem::path& folder,
                                       const std::vector<egdb::Material>& slices,
                                       const CountingOracle& oracle);

}  // namespace draughts::testing
