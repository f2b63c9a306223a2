#pragma once
// The evaluation trace keyed by parameter names ("man.eg", "pattern_band1[27]"), so that tests
// can spell out expected coefficients worked out by hand and compare whole traces.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/eval_weights.hpp"
#include "engine/evaluate.hpp"

namespace draughts::engine::test {

/// Coefficient of a parameter in a trace (0 when absent).
inline int coefficient(const EvalTrace& trace, std::size_t index) {
    for (const EvalCoefficient& c : trace.coefficients)
        if (c.index == index) return c.value;
    return 0;
}

/// Coefficients of the trace keyed by parameter name; `tables` picks the table entries,
/// otherwise the hand-written terms.
inline std::map<std::string, int> named_coefficients(const EvalTrace& trace, bool tables) {
    std::map<std::string, int> out;
    for (const EvalCoefficient& c : trace.coefficients) {
        const bool entry = ParameterLayout::kind(c.index) == ParameterKind::TableEntry;
        if (entry == tables) out[ParameterLayout::name(c.index)] = c.value;
    }
    return out;
}

/// Term coefficients for White-minus-Black feature counts at game phase `phase`, as evaluate.hpp
/// states them: `name.mg` = count * phase, `name.eg` = count * (kPhaseScale - phase), zeros left
/// out.
inline std::map<std::string, int> expected_terms(
    int phase, const std::vector<std::pair<std::string, int>>& counts) {
    std::map<std::string, int> out;
    for (const auto& [name, count] : counts) {
        if (count * phase != 0) out[name + ".mg"] = count * phase;
        if (count * (kPhaseScale - phase) != 0) out[name + ".eg"] = count * (kPhaseScale - phase);
    }
    return out;
}

/// One table entry and how many more of White's regions than of Black's hit it.
struct EntryHits {
    int band;
    int entry;
    int net_hits;
};

/// Table coefficients for the given hits: `pattern_bandB[E]` = net hits * kPhaseScale; with
/// `table` "pattern_region", the `band` field numbers a region (`pattern_regionR[E]`).
inline std::map<std::string, int> expected_entries(const std::vector<EntryHits>& hits,
                                                   const std::string& table = "pattern_band") {
    std::map<std::string, int> out;
    for (const EntryHits& h : hits)
        out[table + std::to_string(h.band) + "[" + std::to_string(h.entry) + "]"] =
            h.net_hits * kPhaseScale;
    return out;
}

}  // namespace draughts::engine::test
