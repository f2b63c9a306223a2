#pragma once
// The built-in engine's parameters by name, for tuning by games (SPSA) and for the `set-param`
// of `draughts hub` (docs/tuning-your-engine.md lists them):
//
//   search.NAME, time.NAME        the search's and the time manager's constants
//                                 (search_parameters.hpp), e.g. search.aspiration_window
//   TERM.mg, TERM.eg              one weight of an evaluation term (weight-file names: man.mg)
//   TERM                          both weights of a term set to one value (as `tempo: 6` in a
//                                 weight file)
//   TABLE[ENTRY]                  one pattern-table entry, e.g. pattern_band0[42]
//   TABLE.scale, patterns.scale   a whole table (or every table) scaled by VALUE percent
//
// Values are text, as the Hub protocol and configuration files carry them. Applying a list of
// values starts from base settings (a weight file and default search parameters), so the same
// list always gives the same engine, whatever was applied before.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"
#include "engine/search_parameters.hpp"

namespace draughts::engine {

/// The type of a parameter's values.
enum class ParameterType : unsigned char { Int, Real };

/// "int" or "real" (the Hub protocol's type names).
std::string_view parameter_type_name(ParameterType type);

/// A parameter with its current value and its range.
struct ParameterDeclaration {
    std::string name;
    ParameterType type = ParameterType::Int;
    double value = 0.0;
    double min = 0.0;
    double max = 0.0;

    friend bool operator==(const ParameterDeclaration&, const ParameterDeclaration&) = default;
};

/// Parameter names and values as text, in the order they are applied.
using ParameterValues = std::vector<std::pair<std::string, std::string>>;

/// What the parameters of an engine of variant V act on: its weights and its search constants.
template <typename V>
struct BasicEngineSettings {
    BasicEvalWeights<V> weights;
    SearchParameters search;

    friend bool operator==(const BasicEngineSettings&, const BasicEngineSettings&) = default;
};

/// Largest weight a parameter may set, in absolute value (engine units).
inline constexpr double kMaxParameterWeight = 1'000'000.0;
/// Largest table scale in absolute value (percent).
inline constexpr double kMaxTableScale = 1000.0;

/// The parameters `draughts hub` declares, with their values in `settings`: every search and
/// time parameter, each term's mg and eg weight and the term itself (both weights; its value is
/// the middle-game weight), and each table's and all tables' scale (100). Table entries are
/// accepted by name but not declared (there are thousands).
template <typename V>
std::vector<ParameterDeclaration> declared_parameters(const BasicEngineSettings<V>& settings);

/// The declaration of any name apply_parameter() accepts (also table entries), with its value in
/// `settings`; nullopt for an unknown name.
template <typename V>
std::optional<ParameterDeclaration> find_parameter(const BasicEngineSettings<V>& settings,
                                                   std::string_view name);

/// Applies one value. Errors name the parameter and say what is wrong: an unknown name (with the
/// nearest known one), not a number, not an integer for an integer parameter, or out of range.
template <typename V>
Expected<void> apply_parameter(BasicEngineSettings<V>& settings, std::string_view name,
                               std::string_view value);

/// Applies every value in order (a later value of a name overrides an earlier one).
template <typename V>
Expected<void> apply_parameters(BasicEngineSettings<V>& settings, const ParameterValues& values);

/// A number as parameter text: integers without a decimal point, reals as the shortest text
/// that reads back to the same double.
std::string parameter_text(double value, ParameterType type);

}  // namespace draughts::engine
