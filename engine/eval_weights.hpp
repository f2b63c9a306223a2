#pragma once
// The evaluation's weights and their stable parameter layout. The evaluation is linear in these
// weights (see evaluate.hpp), so the tuner sees them as one flat vector of integers: first every
// hand-written term's middle-game and endgame weight, then the pattern tables. The order below is
// the layout; changing it changes layout_hash(), which weight files and tuner data record.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.hpp"
#include "rules/international.hpp"

namespace draughts::engine {

/// Hand-written evaluation terms; each has a middle-game and an endgame weight. Every feature is
/// counted for each side from its own point of view and enters the evaluation as White's count
/// minus Black's.
enum class EvalTerm : int {
    Man,               ///< men
    King,              ///< kings
    FirstKing,         ///< 1 when the side has at least one king
    Tempo,             ///< sum over men of rows advanced from the own back row (development)
    BackRank,          ///< men on the own back row, guarding against break-throughs
    Centre,            ///< men on the middle two rows, columns 2..Size-3 (22-24, 27-29 on 10x10)
    Flank,             ///< men on the two outer columns of each wing, rows 2..Size-4 from own side
    Balance,           ///< |men on the left half - men on the right half|
    Supported,         ///< men (off the back row) with both squares behind them held
    Outpost,           ///< supported men in the opponent's half, short of its last two rows
    Locked,            ///< men that cannot move because enemy pieces block them
    Runaway,           ///< men whose path to promotion is entirely empty
    ManMobility,       ///< quiet moves of men
    KingMobility,      ///< quiet moves of kings
    TrappedKing,       ///< kings without a quiet move
    KingMainDiagonal,  ///< kings on the long diagonal (46-5 on 10x10, a1-h8 = 29-4 on 8x8)
    Count
};
inline constexpr int kNumEvalTerms = static_cast<int>(EvalTerm::Count);

/// Name of a term in weight files ("man", "king", "first_king", ...).
std::string_view term_name(EvalTerm term);

/// Pattern tables. The board is covered by overlapping 4x4 regions (8 playable squares each) at
/// even offsets 0, 2, ... Size - 4 in rows and columns: 16 regions in 4 bands on 10x10, 9 regions
/// in 3 bands on 8x8. Each side reads every region from its own point of view; the content
/// (empty / own piece / enemy piece per square) is a base-3 index into three tables:
/// - the table of the region's band (band k holds the regions spanning rows 2k+1 .. 2k+4 counted
///   from the own back row), shared by the band's regions;
/// - the region's own table, which adds what is particular to that place (an edge region against
///   a central one);
/// - the band's endgame table, which adds what changes as the men leave the board: its entries
///   are weighted like a term's endgame weight less its middle-game one, by
///   (kPhaseScale - phase) / kPhaseScale, so they are worth nothing with a full board.
/// The band tables carry what the data shows often; region and endgame tables start empty and
/// learn corrections where the data supports them, so weight files without them still mean what
/// they meant. A board uses the first bands and regions of this list (BasicParameterLayout).
enum class EvalTable : int {
    PatternBand0,
    PatternBand1,
    PatternBand2,
    PatternBand3,
    PatternRegion0,  ///< regions 0..15 (band * 4 + column / 2 on 10x10) follow: region_table()
    PatternEndgameBand0 = PatternRegion0 + 16,  ///< bands 0..3 follow: endgame_band_table()
    Count = PatternEndgameBand0 + 4
};
/// Bands and regions of the 10x10 board (the most of any board); each band has two tables.
inline constexpr int kNumEvalBands = 4;
inline constexpr int kNumEvalRegions = kNumEvalBands * kNumEvalBands;
inline constexpr int kNumEvalTables = static_cast<int>(EvalTable::Count);
static_assert(kNumEvalTables == 2 * kNumEvalBands + kNumEvalRegions);
inline constexpr std::size_t kPatternSquares = 8;
inline constexpr std::size_t kPatternTableSize = 6561;  // 3^8

/// The three kinds of table (see EvalTable), which are also the tuner's groups of tables.
enum class TableKind { Band, Region, EndgameBand };

constexpr EvalTable band_table(int band) { return static_cast<EvalTable>(band); }
constexpr EvalTable region_table(int region) {
    return static_cast<EvalTable>(kNumEvalBands + region);
}
constexpr EvalTable endgame_band_table(int band) {
    return static_cast<EvalTable>(static_cast<int>(EvalTable::PatternEndgameBand0) + band);
}
constexpr TableKind table_kind(EvalTable table) {
    const int e = static_cast<int>(table);
    if (e < kNumEvalBands) return TableKind::Band;
    return e < static_cast<int>(EvalTable::PatternEndgameBand0) ? TableKind::Region
                                                                : TableKind::EndgameBand;
}
/// The number of `table` among the tables of its kind (band, region or endgame band number).
constexpr int table_number(EvalTable table) {
    const int e = static_cast<int>(table);
    switch (table_kind(table)) {
        case TableKind::Band:
            return e;
        case TableKind::Region:
            return e - kNumEvalBands;
        case TableKind::EndgameBand:
            return e - static_cast<int>(EvalTable::PatternEndgameBand0);
    }
    return e;
}

/// Name of a table in weight files ("pattern_band0", ...).
std::string_view table_name(EvalTable table);
constexpr std::size_t table_size(EvalTable) { return kPatternTableSize; }

/// Whether a parameter is a term's middle-game weight, endgame weight, or a table entry.
enum class ParameterKind : unsigned char { MiddleGame, Endgame, TableEntry };

namespace layout_detail {
// The layout of a board with `bands` bands: terms, band tables, bands^2 region tables, then the
// bands' endgame tables.
std::string parameter_name(std::size_t index, int bands);
std::optional<std::size_t> parameter_index(std::string_view name, int bands);
std::uint64_t layout_hash(std::size_t count, int bands);
}  // namespace layout_detail

/// The flat parameter layout of board B shared by the engine, weight files and the tuner: the
/// terms, then the pattern tables of the board's bands, those of its regions, then the bands'
/// endgame tables. The 10x10 layout (ParameterLayout) is the one the shipped weight files and the
/// tuner's data record.
template <typename B>
struct BasicParameterLayout {
    /// 4x4 regions per row and per column (offsets 0, 2, ..., Size - 4), which is also the
    /// number of bands.
    static constexpr int kRegionsPerLine = (B::kSize - 4) / 2 + 1;
    static constexpr int kNumBands = kRegionsPerLine;
    static constexpr int kNumRegions = kRegionsPerLine * kRegionsPerLine;
    static constexpr int kNumTables = 2 * kNumBands + kNumRegions;
    static_assert(kNumBands <= kNumEvalBands, "EvalTable names too few bands for this board");

    /// The board's tables in layout order: its bands, its regions, then its endgame bands.
    static constexpr EvalTable table(int slot) {
        if (slot < kNumBands) return band_table(slot);
        if (slot < kNumBands + kNumRegions) return region_table(slot - kNumBands);
        return endgame_band_table(slot - kNumBands - kNumRegions);
    }
    /// The position of `table` in that order (it must be one of the board's tables).
    static constexpr std::size_t slot(EvalTable table) {
        const int number = table_number(table);
        switch (table_kind(table)) {
            case TableKind::Band:
                assert(number < kNumBands);
                return static_cast<std::size_t>(number);
            case TableKind::Region:
                assert(number < kNumRegions);
                return static_cast<std::size_t>(kNumBands + number);
            case TableKind::EndgameBand:
                assert(number < kNumBands);
                return static_cast<std::size_t>(kNumBands + kNumRegions + number);
        }
        return 0;
    }
    /// The region table of the region at band `band`, column offset 2 * `column`.
    static constexpr EvalTable region(int band, int column) {
        return region_table(band * kRegionsPerLine + column);
    }

    /// Total number of parameters.
    static constexpr std::size_t count() {
        return 2 * static_cast<std::size_t>(kNumEvalTerms) +
               static_cast<std::size_t>(kNumTables) * kPatternTableSize;
    }
    static constexpr std::size_t middle_game_index(EvalTerm term) {
        return 2 * static_cast<std::size_t>(term);
    }
    static constexpr std::size_t endgame_index(EvalTerm term) {
        return 2 * static_cast<std::size_t>(term) + 1;
    }
    static constexpr std::size_t table_index(EvalTable table, std::size_t entry) {
        return 2 * static_cast<std::size_t>(kNumEvalTerms) + slot(table) * kPatternTableSize +
               entry;
    }
    static ParameterKind kind(std::size_t index) {
        assert(index < count());
        if (index >= 2 * static_cast<std::size_t>(kNumEvalTerms)) return ParameterKind::TableEntry;
        return index % 2 == 0 ? ParameterKind::MiddleGame : ParameterKind::Endgame;
    }
    /// "man.mg", "man.eg", ..., "pattern_band0[0]", ..., "pattern_region0[0]", ...,
    /// "pattern_endgame_band0[0]", ...
    static std::string name(std::size_t index) {
        assert(index < count());
        return layout_detail::parameter_name(index, kNumBands);
    }
    /// Inverse of name(); nullopt for unknown names.
    static std::optional<std::size_t> index_of(std::string_view name) {
        return layout_detail::parameter_index(name, kNumBands);
    }
    /// FNV-1a hash of every parameter name in order: equal hashes mean equal layouts.
    static std::uint64_t hash() { return layout_detail::layout_hash(count(), kNumBands); }
};

/// The layout of the 10x10 board.
using ParameterLayout = BasicParameterLayout<rules::Board10>;

/// All weights of the evaluation of variant V, in engine units (kScorePerMan = 1000 per man).
/// Default construction gives the variant's hand-set defaults (engine/default_weights.hpp, the
/// same values as configs/engines/default.yaml, brazilian-default.yaml, russian-default.yaml).
template <typename V>
class BasicEvalWeights {
  public:
    using Variant = V;
    using Layout = BasicParameterLayout<typename V::Board>;

    BasicEvalWeights();

    /// Every weight zero.
    static BasicEvalWeights zero();
    /// Only piece values, the defaults' man and king (configs/engines/material.yaml on 10x10:
    /// man 1000, king 3000).
    static BasicEvalWeights material_only();

    int middle_game(EvalTerm term) const { return values_[Layout::middle_game_index(term)]; }
    int endgame(EvalTerm term) const { return values_[Layout::endgame_index(term)]; }
    int table(EvalTable table, std::size_t entry) const {
        return values_[Layout::table_index(table, entry)];
    }
    /// What `entry` of region `region` (its table_number()) adds: its band table's
    /// value plus its own table's, kept summed by set() so that the search reads one number per
    /// region, not two.
    int region_pattern(int region, std::size_t entry) const {
        return region_sums_[static_cast<std::size_t>(region) * kPatternTableSize + entry];
    }
    /// `entry` of band `band`'s endgame table (table(endgame_band_table(band), entry), with the
    /// table's place worked out at compile time: the search reads it for every region).
    int endgame_pattern(int band, std::size_t entry) const {
        constexpr std::size_t kFirst = Layout::table_index(endgame_band_table(0), 0);
        return values_[kFirst + static_cast<std::size_t>(band) * kPatternTableSize + entry];
    }
    void set_term(EvalTerm term, int middle_game, int endgame);
    void set_table(EvalTable table, std::size_t entry, int value);

    /// Flat access by parameter index (see BasicParameterLayout).
    int operator[](std::size_t index) const { return values_[index]; }
    void set(std::size_t index, int value);
    const std::vector<int>& values() const { return values_; }

    /// True when some table entry is non-zero (otherwise the evaluation skips the patterns).
    bool patterns_active() const {
        return nonzero_table_entries_ > 0 || nonzero_endgame_entries_ > 0;
    }
    /// True when some endgame table entry is non-zero (otherwise the evaluation skips them).
    bool endgame_patterns_active() const { return nonzero_endgame_entries_ > 0; }

    friend bool operator==(const BasicEvalWeights& a, const BasicEvalWeights& b) {
        return a.values_ == b.values_;
    }

  private:
    struct ZeroTag {};
    explicit BasicEvalWeights(ZeroTag);

    std::vector<int> values_;
    std::vector<int> region_sums_;  // see region_pattern()
    std::size_t nonzero_table_entries_ = 0;
    std::size_t nonzero_endgame_entries_ = 0;
};

/// The weights of international draughts.
using EvalWeights = BasicEvalWeights<rules::International>;

}  // namespace draughts::engine
