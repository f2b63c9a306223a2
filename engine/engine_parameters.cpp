#include "engine/engine_parameters.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <variant>

#include "common/text.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

namespace {

/// One search or time constant: its name, type, range and the member it sets.
struct SearchEntry {
    std::string_view name;
    double min;
    double max;
    std::variant<int SearchParameters::*, double TimeParameters::*> member;

    ParameterType type() const {
        return std::holds_alternative<int SearchParameters::*>(member) ? ParameterType::Int
                                                                       : ParameterType::Real;
    }
    double get(const SearchParameters& p) const {
        if (const auto* m = std::get_if<int SearchParameters::*>(&member)) return p.**m;
        return p.time.*std::get<double TimeParameters::*>(member);
    }
    void set(SearchParameters& p, double value) const {
        if (const auto* m = std::get_if<int SearchParameters::*>(&member))
            p.** m = static_cast<int>(value);
        else
            p.time.*std::get<double TimeParameters::*>(member) = value;
    }
};

using S = SearchParameters;
using T = TimeParameters;

const std::array<SearchEntry, 39> kSearchEntries{{
    {"search.aspiration_window", 1, 5000, &S::aspiration_window},
    {"search.aspiration_min_depth", 1, 100, &S::aspiration_min_depth},
    {"search.lmr_min_depth", 1, 100, &S::lmr_min_depth},
    {"search.lmr_min_move", 1, 200, &S::lmr_min_move},
    {"search.lmr_reduction", 0, 10, &S::lmr_reduction},
    {"search.lmr_deep_depth", 1, 100, &S::lmr_deep_depth},
    {"search.lmr_deep_move", 1, 200, &S::lmr_deep_move},
    {"search.lmr_deep_reduction", 0, 10, &S::lmr_deep_reduction},
    {"search.single_reply_extension", 0, 2, &S::single_reply_extension},
    {"search.probcut_depth", 0, 100, &S::probcut_depth},
    {"search.probcut_reduction", 1, 20, &S::probcut_reduction},
    {"search.probcut_margin", 0, 5000, &S::probcut_margin},
    {"search.history_malus", 0, 400, &S::history_malus},
    {"search.quiescence_threats", 0, 8, &S::quiescence_threats},
    {"search.static_depth", 0, 100, &S::static_depth},
    {"search.static_margin", 0, 5000, &S::static_margin},
    {"search.late_move_depth", 0, 100, &S::late_move_depth},
    {"search.late_move_count", 1, 200, &S::late_move_count},
    {"search.singular_depth", 0, 100, &S::singular_depth},
    {"search.singular_margin", 0, 5000, &S::singular_margin},
    {"search.iir_depth", 0, 100, &S::iir_depth},
    {"search.lmr_log_percent", 0, 1000, &S::lmr_log_percent},
    {"time.clock_reserve", 0, 10, &T::clock_reserve},
    {"time.fischer_moves_left", 1, 1000, &T::fischer_moves_left},
    {"time.moves_left_base", 0, 1000, &T::moves_left_base},
    {"time.moves_left_per_piece", 0, 100, &T::moves_left_per_piece},
    {"time.moves_left_min", 1, 1000, &T::moves_left_min},
    {"time.moves_left_max", 1, 1000, &T::moves_left_max},
    {"time.increment_use", 0, 1, &T::increment_use},
    {"time.move_share", 0.01, 1, &T::move_share},
    {"time.hard_factor", 0.1, 100, &T::hard_factor},
    {"time.soft_factor", 0.01, 100, &T::soft_factor},
    {"time.instability_factor", 0, 10, &T::instability_factor},
    {"time.score_drop_factor", 0, 10, &T::score_drop_factor},
    {"time.score_drop_min", 0.01, 10, &T::score_drop_min},
    {"time.score_drop_max", 0.01, 10, &T::score_drop_max},
    {"time.two_replies_factor", 0.01, 10, &T::two_replies_factor},
    {"time.scale_min", 0.01, 100, &T::scale_min},
    {"time.scale_max", 0.01, 100, &T::scale_max},
}};

constexpr std::string_view kScaleSuffix = ".scale";
constexpr std::string_view kAllTablesScale = "patterns.scale";

const SearchEntry* search_entry(std::string_view name) {
    for (const SearchEntry& e : kSearchEntries)
        if (e.name == name) return &e;
    return nullptr;
}

std::optional<EvalTerm> term_named(std::string_view name) {
    for (int t = 0; t < kNumEvalTerms; ++t)
        if (term_name(static_cast<EvalTerm>(t)) == name) return static_cast<EvalTerm>(t);
    return std::nullopt;
}

/// The table of "TABLE.scale" (of V's board), or nullopt.
template <typename V>
std::optional<EvalTable> scaled_table(std::string_view name) {
    if (!name.ends_with(kScaleSuffix)) return std::nullopt;
    name.remove_suffix(kScaleSuffix.size());
    using Layout = BasicParameterLayout<typename V::Board>;
    for (int t = 0; t < Layout::kNumTables; ++t)
        if (table_name(Layout::table(t)) == name) return Layout::table(t);
    return std::nullopt;
}

ParameterDeclaration weight_declaration(std::string name, int value) {
    return {std::move(name), ParameterType::Int, double(value), -kMaxParameterWeight,
            kMaxParameterWeight};
}

ParameterDeclaration scale_declaration(std::string name) {
    return {std::move(name), ParameterType::Int, 100.0, -kMaxTableScale, kMaxTableScale};
}

int rounded(double value) { return static_cast<int>(std::lround(value)); }

template <typename V>
void scale_table(BasicEvalWeights<V>& weights, EvalTable table, double percent) {
    for (std::size_t i = 0; i < table_size(table); ++i)
        if (const int w = weights.table(table, i); w != 0)
            weights.set_table(table, i, rounded(w * percent / 100.0));
}

/// The value of `text` for `declaration`, checked; errors name the parameter.
Expected<double> checked_value(const ParameterDeclaration& declaration, std::string_view text) {
    const auto value = parse_number<double>(trim(text), PlusSign::Allowed);
    const std::string what = "parameter '" + declaration.name + "': ";
    if (!value || !std::isfinite(*value))
        return make_error(what + "'" + std::string(text) + "' is not a number");
    if (declaration.type == ParameterType::Int && *value != std::floor(*value))
        return make_error(what + "'" + std::string(text) + "' is not an integer");
    if (*value < declaration.min || *value > declaration.max)
        return make_error(what + std::string(text) + " is outside its range " +
                          parameter_text(declaration.min, declaration.type) + ".." +
                          parameter_text(declaration.max, declaration.type));
    return *value;
}

}  // namespace

std::string_view parameter_type_name(ParameterType type) {
    return type == ParameterType::Int ? "int" : "real";
}

std::string parameter_text(double value, ParameterType type) {
    if (type == ParameterType::Int) return std::to_string(std::llround(value));
    char buffer[64];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, written.ptr);
}

template <typename V>
std::vector<ParameterDeclaration> declared_parameters(const BasicEngineSettings<V>& settings) {
    std::vector<ParameterDeclaration> out;
    for (const SearchEntry& e : kSearchEntries)
        out.push_back({std::string(e.name), e.type(), e.get(settings.search), e.min, e.max});
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const auto term = static_cast<EvalTerm>(t);
        const std::string name(term_name(term));
        out.push_back(weight_declaration(name, settings.weights.middle_game(term)));
        out.push_back(weight_declaration(name + ".mg", settings.weights.middle_game(term)));
        out.push_back(weight_declaration(name + ".eg", settings.weights.endgame(term)));
    }
    using Layout = BasicParameterLayout<typename V::Board>;
    for (int t = 0; t < Layout::kNumTables; ++t)
        out.push_back(scale_declaration(std::string(table_name(Layout::table(t))) + ".scale"));
    out.push_back(scale_declaration(std::string(kAllTablesScale)));
    return out;
}

template <typename V>
std::optional<ParameterDeclaration> find_parameter(const BasicEngineSettings<V>& settings,
                                                   std::string_view name) {
    if (const SearchEntry* e = search_entry(name))
        return ParameterDeclaration{std::string(name), e->type(), e->get(settings.search), e->min,
                                    e->max};
    if (const auto term = term_named(name))
        return weight_declaration(std::string(name), settings.weights.middle_game(*term));
    if (const auto index = BasicParameterLayout<typename V::Board>::index_of(name))
        return weight_declaration(std::string(name), settings.weights[*index]);
    if (name == kAllTablesScale || scaled_table<V>(name))
        return scale_declaration(std::string(name));
    return std::nullopt;
}

template <typename V>
Expected<void> apply_parameter(BasicEngineSettings<V>& settings, std::string_view name,
                               std::string_view text) {
    const auto declaration = find_parameter(settings, name);
    if (!declaration) {
        std::string nearest;
        std::size_t distance = SIZE_MAX;
        for (const ParameterDeclaration& d : declared_parameters(settings)) {
            const std::size_t here = edit_distance(name, d.name);
            if (here < distance) {
                distance = here;
                nearest = d.name;
            }
        }
        return make_error("unknown parameter '" + std::string(name) + "' (did you mean '" +
                          nearest + "'? docs/tuning-your-engine.md lists them)");
    }
    const auto value = checked_value(*declaration, text);
    if (!value) return value.error();
    if (const SearchEntry* e = search_entry(name)) {
        e->set(settings.search, *value);
    } else if (const auto term = term_named(name)) {
        settings.weights.set_term(*term, rounded(*value), rounded(*value));
    } else if (const auto index = BasicParameterLayout<typename V::Board>::index_of(name)) {
        settings.weights.set(*index, rounded(*value));
    } else if (const auto table = scaled_table<V>(name)) {
        scale_table(settings.weights, *table, *value);
    } else {
        using Layout = BasicParameterLayout<typename V::Board>;
        for (int t = 0; t < Layout::kNumTables; ++t)
            scale_table(settings.weights, Layout::table(t), *value);
    }
    return {};
}

template <typename V>
Expected<void> apply_parameters(BasicEngineSettings<V>& settings, const ParameterValues& values) {
    for (const auto& [name, value] : values)
        if (auto ok = apply_parameter(settings, name, value); !ok) return ok;
    return {};
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                               \
    template std::vector<ParameterDeclaration> declared_parameters(                                \
        const BasicEngineSettings<rules::Policy>&);                                                \
    template std::optional<ParameterDeclaration> find_parameter(                                   \
        const BasicEngineSettings<rules::Policy>&, std::string_view);                              \
    template Expected<void> apply_parameter(BasicEngineSettings<rules::Policy>&, std::string_view, \
                                            std::string_view);                                     \
    template Expected<void> apply_parameters(BasicEngineSettings<rules::Policy>&,                  \
                                             const ParameterValues&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
