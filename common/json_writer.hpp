#pragma once
// A small JSON value for machine-readable output (`--json`, games.jsonl, summary.json). Objects
// keep their keys in insertion order so that output is stable and diffable.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace draughts {

/// A JSON value: null, boolean, integer, real, string, array or ordered object.
class Json {
  public:
    using Array = std::vector<Json>;
    using Object = std::vector<std::pair<std::string, Json>>;

    Json() = default;            // null
    Json(std::nullptr_t) {}      // NOLINT: implicit by design, like the literals below
    Json(bool b) : value_(b) {}  // NOLINT
    Json(int i) : value_(static_cast<std::int64_t>(i)) {}                 // NOLINT
    Json(long i) : value_(static_cast<std::int64_t>(i)) {}                // NOLINT
    Json(long long i) : value_(static_cast<std::int64_t>(i)) {}           // NOLINT
    Json(unsigned i) : value_(static_cast<std::int64_t>(i)) {}            // NOLINT
    Json(unsigned long i) : value_(static_cast<std::int64_t>(i)) {}       // NOLINT
    Json(unsigned long long i) : value_(static_cast<std::int64_t>(i)) {}  // NOLINT
    Json(double d) : value_(d) {}                                         // NOLINT
    Json(const char* s) : value_(std::string(s)) {}                       // NOLINT
    Json(std::string s) : value_(std::move(s)) {}                         // NOLINT
    Json(std::string_view s) : value_(std::string(s)) {}                  // NOLINT
    Json(Array a) : value_(std::move(a)) {}                               // NOLINT
    Json(Object o) : value_(std::move(o)) {}                              // NOLINT

    static Json object() { return Json(Object{}); }
    static Json array() { return Json(Array{}); }

    /// Adds (or replaces) a key of an object; returns *this for chaining.
    Json& set(std::string_view key, Json value);
    /// Appends to an array.
    Json& push(Json value);

    /// Compact single-line text (for JSON lines); `indent` > 0 pretty-prints.
    std::string dump(int indent = 0) const;

    // Reading (for values parsed by parse_json, see json_reader.hpp). The as_ accessors return
    // nullptr or nullopt when the value has another type; as_double also reads integers.
    bool is_null() const { return std::holds_alternative<std::nullptr_t>(value_); }
    const bool* as_bool() const { return std::get_if<bool>(&value_); }
    const std::int64_t* as_int() const { return std::get_if<std::int64_t>(&value_); }
    std::optional<double> as_double() const;
    const std::string* as_string() const { return std::get_if<std::string>(&value_); }
    const Array* as_array() const { return std::get_if<Array>(&value_); }
    const Object* as_object() const { return std::get_if<Object>(&value_); }
    /// The value of a key of an object; nullptr when absent or not an object.
    const Json* find(std::string_view key) const;

  private:
    void write(std::string& out, int indent, int level) const;

    std::variant<std::nullptr_t, bool, std::int64_t, double, std::string, Array, Object> value_ =
        nullptr;
};

/// Escapes a string for inclusion in JSON (with the surrounding quotes).
std::string json_quote(std::string_view s);

}  // namespace draughts
