#pragma once
// The fields of a results folder's JSON (summary.json, curve lines) as a report shows them: a
// missing or mistyped field is a gap in the page (NaN, empty text), never an error, because a
// report of an older or interrupted run must still be drawn.

#include <cmath>
#include <string>
#include <string_view>

#include "common/json.hpp"

namespace draughts::report {

/// The number under `key`, NaN when absent or not a number.
inline double number_in(const Json& object, std::string_view key) {
    const Json* value = json_field(object, key);
    return value != nullptr && value->is_number() ? value->get<double>() : std::nan("");
}

/// The text under `key`, empty when absent or not a string.
inline std::string text_in(const Json& object, std::string_view key) {
    const std::string* value = string_field(object, key);
    return value != nullptr ? *value : std::string();
}

}  // namespace draughts::report
