#include "engine/eval_weights.hpp"

#include <cassert>

#include "common/text.hpp"
#include "engine/default_weights.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

namespace {

constexpr std::array<std::string_view, kNumEvalTerms> kTermNames = {
    "man",          "king",          "first_king",   "tempo",
    "back_rank",    "centre",        "flank",        "balance",
    "supported",    "outpost",       "locked",       "runaway",
    "man_mobility", "king_mobility", "trapped_king", "king_main_diagonal"};

constexpr std::array<std::string_view, kNumEvalTables> kTableNames = {
    "pattern_band0",         "pattern_band1",         "pattern_band2",
    "pattern_band3",         "pattern_region0",       "pattern_region1",
    "pattern_region2",       "pattern_region3",       "pattern_region4",
    "pattern_region5",       "pattern_region6",       "pattern_region7",
    "pattern_region8",       "pattern_region9",       "pattern_region10",
    "pattern_region11",      "pattern_region12",      "pattern_region13",
    "pattern_region14",      "pattern_region15",      "pattern_endgame_band0",
    "pattern_endgame_band1", "pattern_endgame_band2", "pattern_endgame_band3"};

constexpr std::size_t kTermParameters = 2 * static_cast<std::size_t>(kNumEvalTerms);

}  // namespace

std::string_view term_name(EvalTerm term) { return kTermNames[static_cast<std::size_t>(term)]; }

std::string_view table_name(EvalTable table) {
    return kTableNames[static_cast<std::size_t>(table)];
}

namespace layout_detail {

namespace {
/// The table at layout position `slot` of a board with `bands` bands (see
/// BasicParameterLayout::table).
std::string_view slot_name(std::size_t slot, int bands) {
    const auto b = static_cast<std::size_t>(bands);
    const std::size_t regions = b * b;
    if (slot < b) return table_name(band_table(static_cast<int>(slot)));
    if (slot < b + regions) return table_name(region_table(static_cast<int>(slot - b)));
    return table_name(endgame_band_table(static_cast<int>(slot - b - regions)));
}
}  // namespace

std::string parameter_name(std::size_t index, int bands) {
    if (index < kTermParameters) {
        std::string out(kTermNames[index / 2]);
        out += index % 2 == 0 ? ".mg" : ".eg";
        return out;
    }
    const std::size_t offset = index - kTermParameters;
    std::string out(slot_name(offset / kPatternTableSize, bands));
    out += '[';
    out += std::to_string(offset % kPatternTableSize);
    out += ']';
    return out;
}

std::optional<std::size_t> parameter_index(std::string_view name, int bands) {
    for (std::size_t t = 0; t < kTermNames.size(); ++t) {
        if (!name.starts_with(kTermNames[t])) continue;
        const std::string_view suffix = name.substr(kTermNames[t].size());
        if (suffix == ".mg") return 2 * t;
        if (suffix == ".eg") return 2 * t + 1;
    }
    const auto tables = static_cast<std::size_t>(2 * bands + bands * bands);
    for (std::size_t t = 0; t < tables; ++t) {
        const std::string_view table = slot_name(t, bands);
        if (!name.starts_with(table)) continue;
        std::string_view rest = name.substr(table.size());
        if (rest.size() < 3 || rest.front() != '[' || rest.back() != ']') continue;
        rest = rest.substr(1, rest.size() - 2);
        const auto entry = parse_number<std::size_t>(rest);
        if (!entry || *entry >= kPatternTableSize) continue;
        return kTermParameters + t * kPatternTableSize + *entry;
    }
    return std::nullopt;
}

std::uint64_t layout_hash(std::size_t count, int bands) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (std::size_t i = 0; i < count; ++i) {
        for (const char c : parameter_name(i, bands)) {
            h ^= static_cast<unsigned char>(c);
            h *= 0x100000001B3ULL;
        }
        h ^= 0xFF;  // separator, so that names cannot run together
        h *= 0x100000001B3ULL;
    }
    return h;
}

}  // namespace layout_detail

template <typename V>
BasicEvalWeights<V>::BasicEvalWeights(ZeroTag)
    : values_(Layout::count(), 0),
      region_sums_(static_cast<std::size_t>(Layout::kNumRegions) * kPatternTableSize, 0) {}

template <typename V>
BasicEvalWeights<V>::BasicEvalWeights() : BasicEvalWeights(ZeroTag{}) {
    for (const DefaultWeight& w : DefaultWeights<V>::kTerms)
        set_term(w.term, w.middle_game, w.endgame);
}

template <typename V>
BasicEvalWeights<V> BasicEvalWeights<V>::zero() {
    return BasicEvalWeights(ZeroTag{});
}

template <typename V>
BasicEvalWeights<V> BasicEvalWeights<V>::material_only() {
    BasicEvalWeights w = zero();
    for (const DefaultWeight& d : DefaultWeights<V>::kTerms)
        if (d.term == EvalTerm::Man || d.term == EvalTerm::King)
            w.set_term(d.term, d.middle_game, d.endgame);
    return w;
}

template <typename V>
void BasicEvalWeights<V>::set_term(EvalTerm term, int middle_game, int endgame) {
    values_[Layout::middle_game_index(term)] = middle_game;
    values_[Layout::endgame_index(term)] = endgame;
}

template <typename V>
void BasicEvalWeights<V>::set_table(EvalTable table, std::size_t entry, int value) {
    set(Layout::table_index(table, entry), value);
}

template <typename V>
void BasicEvalWeights<V>::set(std::size_t index, int value) {
    assert(index < values_.size());
    int& slot = values_[index];
    if (index >= kTermParameters) {
        const std::size_t slot_number = (index - kTermParameters) / kPatternTableSize;
        const EvalTable table = Layout::table(static_cast<int>(slot_number));
        const bool endgame = table_kind(table) == TableKind::EndgameBand;
        std::size_t& nonzero = endgame ? nonzero_endgame_entries_ : nonzero_table_entries_;
        if (slot != 0) --nonzero;
        if (value != 0) ++nonzero;
        // A band entry counts in each region of the band, a region entry in its region only;
        // the endgame tables are read as they are.
        const std::size_t entry = (index - kTermParameters) % kPatternTableSize;
        const int change = value - slot;
        const auto add = [&](int region) {
            region_sums_[static_cast<std::size_t>(region) * kPatternTableSize + entry] += change;
        };
        if (table_kind(table) == TableKind::Band) {
            for (int column = 0; column < Layout::kRegionsPerLine; ++column)
                add(table_number(Layout::region(table_number(table), column)));
        } else if (table_kind(table) == TableKind::Region) {
            add(table_number(table));
        }
    }
    slot = value;
}

#define DRAUGHTS_INSTANTIATE(Policy) template class BasicEvalWeights<rules::Policy>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
