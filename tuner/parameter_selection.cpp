#include "tuner/parameter_selection.hpp"

#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

namespace {

using engine::EvalTerm;

/// Marks what `name` names; false when it names nothing.
template <typename V>
bool mark(const std::string& name, std::vector<bool>& selected) {
    using ParameterLayout = LayoutOf<V>;
    const bool all_terms = name == "terms";
    const bool all_tables = name == "tables";
    const bool all_bands = name == "bands";
    const bool all_regions = name == "regions";
    const bool all_endgame = name == "endgame";
    bool found = false;
    for (int t = 0; t < engine::kNumEvalTerms; ++t) {
        const auto term = static_cast<EvalTerm>(t);
        if (!all_terms && name != engine::term_name(term)) continue;
        selected[ParameterLayout::middle_game_index(term)] = true;
        selected[ParameterLayout::endgame_index(term)] = true;
        found = true;
    }
    for (int t = 0; t < ParameterLayout::kNumTables; ++t) {
        const auto table = ParameterLayout::table(t);
        const engine::TableKind kind = engine::table_kind(table);
        const bool in_group = all_tables || (all_bands && kind == engine::TableKind::Band) ||
                              (all_regions && kind == engine::TableKind::Region) ||
                              (all_endgame && kind == engine::TableKind::EndgameBand);
        if (!in_group && name != engine::table_name(table)) continue;
        for (std::size_t e = 0; e < engine::table_size(table); ++e)
            selected[ParameterLayout::table_index(table, e)] = true;
        found = true;
    }
    if (found) return true;
    const auto index = ParameterLayout::index_of(name);
    if (!index) return false;
    selected[*index] = true;
    return true;
}

}  // namespace

template <typename V>
Expected<std::vector<bool>> select_parameters(const std::vector<std::string>& names) {
    std::vector<bool> selected(LayoutOf<V>::count(), false);
    for (const std::string& name : names)
        if (!mark<V>(name, selected))
            return make_error("unknown parameter '" + name +
                              "' (a term such as man or man.mg, a table such as pattern_band0, "
                              "pattern_region5 or pattern_band0[42], or the groups terms, tables, "
                              "bands, regions and endgame)");
    return selected;
}

#define DRAUGHTS_TUNER_PARAMETER_SELECTION(Policy)                         \
    template Expected<std::vector<bool>> select_parameters<rules::Policy>( \
        const std::vector<std::string>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_PARAMETER_SELECTION)
#undef DRAUGHTS_TUNER_PARAMETER_SELECTION

}  // namespace draughts::tuner
