#include "engine/eval_weights.hpp"

#include <cassert>

#include "common/text.hpp"

namespace draughts::engine {

namespace {

constexpr std::array<std::string_view, kNumEvalTerms> kTermNames = {
    "man",          "king",          "first_king",   "tempo",
    "back_rank",    "centre",        "flank",        "balance",
    "supported",    "outpost",       "locked",       "runaway",
    "man_mobility", "king_mobility", "trapped_king", "king_main_diagonal"};

constexpr std::array<std::string_view, kNumEvalTables> kTableNames = {
    "pattern_band0", "pattern_band1", "pattern_band2", "pattern_band3"};

constexpr std::size_t kTermParameters = 2 * static_cast<std::size_t>(kNumEvalTerms);

/// Hand-set weights (engine units, 1000 = one man): {term, middle game, endgame}. Kept equal to
/// configs/engines/default.yaml by a test.
struct DefaultWeight {
    EvalTerm term;
    int middle_game;
    int endgame;
};
constexpr std::array<DefaultWeight, kNumEvalTerms> kDefaults = {{
    {EvalTerm::Man, 1000, 1000},
    {EvalTerm::King, 3000, 3000},
    {EvalTerm::FirstKing, 200, 400},
    {EvalTerm::Tempo, 6, 30},
    {EvalTerm::BackRank, 40, 0},
    {EvalTerm::Centre, 40, 15},
    {EvalTerm::Flank, -10, 0},
    {EvalTerm::Balance, -25, -5},
    {EvalTerm::Supported, 15, 5},
    {EvalTerm::Outpost, 30, 20},
    {EvalTerm::Locked, -30, -40},
    {EvalTerm::Runaway, 400, 700},
    {EvalTerm::ManMobility, 8, 10},
    {EvalTerm::KingMobility, 15, 20},
    {EvalTerm::TrappedKing, -300, -500},
    {EvalTerm::KingMainDiagonal, 100, 250},
}};

}  // namespace

std::string_view term_name(EvalTerm term) { return kTermNames[static_cast<std::size_t>(term)]; }

std::string_view table_name(EvalTable table) {
    return kTableNames[static_cast<std::size_t>(table)];
}

ParameterKind ParameterLayout::kind(std::size_t index) {
    assert(index < count());
    if (index >= kTermParameters) return ParameterKind::TableEntry;
    return index % 2 == 0 ? ParameterKind::MiddleGame : ParameterKind::Endgame;
}

std::string ParameterLayout::name(std::size_t index) {
    assert(index < count());
    if (index < kTermParameters) {
        std::string out(kTermNames[index / 2]);
        out += index % 2 == 0 ? ".mg" : ".eg";
        return out;
    }
    const std::size_t offset = index - kTermParameters;
    std::string out(kTableNames[offset / kPatternTableSize]);
    out += '[';
    out += std::to_string(offset % kPatternTableSize);
    out += ']';
    return out;
}

std::optional<std::size_t> ParameterLayout::index_of(std::string_view name) {
    for (std::size_t t = 0; t < kTermNames.size(); ++t) {
        if (!name.starts_with(kTermNames[t])) continue;
        const std::string_view suffix = name.substr(kTermNames[t].size());
        if (suffix == ".mg") return 2 * t;
        if (suffix == ".eg") return 2 * t + 1;
    }
    for (std::size_t t = 0; t < kTableNames.size(); ++t) {
        if (!name.starts_with(kTableNames[t])) continue;
        std::string_view rest = name.substr(kTableNames[t].size());
        if (rest.size() < 3 || rest.front() != '[' || rest.back() != ']') continue;
        rest = rest.substr(1, rest.size() - 2);
        const auto entry = parse_number<std::size_t>(rest);
        if (!entry || *entry >= kPatternTableSize) continue;
        return table_index(static_cast<EvalTable>(t), *entry);
    }
    return std::nullopt;
}

std::uint64_t ParameterLayout::hash() {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (std::size_t i = 0; i < count(); ++i) {
        for (const char c : name(i)) {
            h ^= static_cast<unsigned char>(c);
            h *= 0x100000001B3ULL;
        }
        h ^= 0xFF;  // separator, so that names cannot run together
        h *= 0x100000001B3ULL;
    }
    return h;
}

EvalWeights::EvalWeights(ZeroTag) : values_(ParameterLayout::count(), 0) {}

EvalWeights::EvalWeights() : EvalWeights(ZeroTag{}) {
    for (const DefaultWeight& w : kDefaults) set_term(w.term, w.middle_game, w.endgame);
}

EvalWeights EvalWeights::zero() { return EvalWeights(ZeroTag{}); }

EvalWeights EvalWeights::material_only() {
    EvalWeights w = zero();
    w.set_term(EvalTerm::Man, 1000, 1000);
    w.set_term(EvalTerm::King, 3000, 3000);
    return w;
}

void EvalWeights::set_term(EvalTerm term, int middle_game, int endgame) {
    values_[ParameterLayout::middle_game_index(term)] = middle_game;
    values_[ParameterLayout::endgame_index(term)] = endgame;
}

void EvalWeights::set_table(EvalTable table, std::size_t entry, int value) {
    set(ParameterLayout::table_index(table, entry), value);
}

void EvalWeights::set(std::size_t index, int value) {
    assert(index < values_.size());
    int& slot = values_[index];
    if (index >= kTermParameters) {
        if (slot != 0) --nonzero_table_entries_;
        if (value != 0) ++nonzero_table_entries_;
    }
    slot = value;
}

}  // namespace draughts::engine
