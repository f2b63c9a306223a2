#include "protocol/hub/hub_parameter_check.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "common/text.hpp"

namespace draughts::protocol {

namespace {

/// A number of type T that `value` must be, within the declared bounds; a bound that does not
/// read as T is not checked (the engine's declaration is its own business).
template <typename T>
std::optional<std::string> number_problem(const HubParameter& p, std::string_view value,
                                          std::string_view what) {
    const auto number = parse_number<T>(value);
    bool readable = number.has_value();
    if constexpr (std::is_floating_point_v<T>) readable = readable && std::isfinite(*number);
    if (!readable) return fmt::format("'{}' is not {}", value, what);
    if (const auto min = parse_number<T>(p.min); min && *number < *min)
        return fmt::format("{} is below the declared minimum {}", value, p.min);
    if (const auto max = parse_number<T>(p.max); max && *number > *max)
        return fmt::format("{} is above the declared maximum {}", value, p.max);
    return std::nullopt;
}

std::optional<std::string> enum_problem(const HubParameter& p, std::string_view value) {
    for (std::size_t begin = 0; begin < p.values.size();) {
        std::size_t end = p.values.find(' ', begin);
        if (end == std::string::npos) end = p.values.size();
        if (std::string_view(p.values).substr(begin, end - begin) == value) return std::nullopt;
        begin = end + 1;
    }
    if (p.values.empty()) return std::nullopt;  // no choices declared: nothing to check
    return fmt::format("'{}' is not one of the declared values ({})", value, p.values);
}

std::optional<std::string> problem_of(const HubParameter& p, std::string_view value) {
    if (p.type == "int") return number_problem<std::int64_t>(p, value, "an integer");
    if (p.type == "real") return number_problem<double>(p, value, "a number");
    if (p.type == "bool") {
        if (value == "true" || value == "false") return std::nullopt;
        return fmt::format("'{}' is not a bool (true or false)", value);
    }
    if (p.type == "enum") return enum_problem(p, value);
    return std::nullopt;
}

}  // namespace

std::string hub_declaration_text(const HubParameter& p) {
    std::string out = fmt::format("type={}", p.type.empty() ? "?" : p.type);
    if (!p.min.empty()) out += fmt::format(" min={}", p.min);
    if (!p.max.empty()) out += fmt::format(" max={}", p.max);
    if (!p.values.empty()) out += fmt::format(" values=\"{}\"", p.values);
    return out;
}

std::optional<std::string> hub_value_problem(const HubParameter& parameter,
                                             std::string_view value) {
    auto problem = problem_of(parameter, value);
    if (problem) *problem += fmt::format(" (declared: {})", hub_declaration_text(parameter));
    return problem;
}

}  // namespace draughts::protocol
