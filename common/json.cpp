#include "common/json.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace draughts {

namespace {

constexpr std::size_t kMaxQuotedToken = 40;  // longer tokens quoted in an error are cut

/// The offset of the first '[' or '{' (outside strings) nested deeper than kJsonMaxDepth, for
/// the message once the builder has stopped there; the text before it parsed without error, so
/// the string tracking is exact up to that point.
std::size_t too_deep_at(std::string_view text) {
    std::size_t depth = 0;
    bool in_string = false;
    bool escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kJsonMaxDepth) return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::string_view::npos;
}

/// "SOURCE: line L, column C: what" for the byte at `offset` of `text`.
std::string error_at(std::string_view text, std::size_t offset, std::string_view source,
                     std::string_view what) {
    offset = std::min(offset, text.size());
    const std::string_view before = text.substr(0, offset);
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const std::size_t line_start = before.rfind('\n');
    const std::size_t column =
        line_start == std::string_view::npos ? offset + 1 : offset - line_start;
    return std::string(source) + ": line " + std::to_string(line) + ", column " +
           std::to_string(column) + ": " + std::string(what);
}

/// nlohmann's reason without its own prefixes ("[json.exception.parse_error.101] parse error at
/// line 1, column 4: "), the quoted token ("last read: '...'") cut to a readable length.
std::string reason_of(const Json::exception& e) {
    std::string what = e.what();
    if (const std::size_t id = what.find("] ");
        what.rfind("[json.exception.", 0) == 0 && id != std::string::npos)
        what.erase(0, id + 2);
    if (what.rfind("parse error", 0) == 0) {
        if (const std::size_t colon = what.find(": "); colon != std::string::npos)
            what.erase(0, colon + 2);
    }
    // "...; last read: 'TOKEN'" or "...; last read: 'TOKEN'; expected ...": a TOKEN can be a
    // whole unterminated string of a hostile file.
    const std::string_view marker = "; last read: '";
    if (const std::size_t start = what.find(marker); start != std::string::npos) {
        const std::size_t from = start + marker.size();
        std::size_t end = what.find("'; expected", from);
        if (end == std::string::npos) end = what.size() - 1;  // the closing quote
        if (end > from + kMaxQuotedToken)
            what.replace(from + kMaxQuotedToken, end - from - kMaxQuotedToken, "...");
    }
    return what;
}

/// Builds the value from nlohmann's parse events (its own DOM builder is not public API) and keeps
/// what the thrown exceptions would lose: the byte position of every kind of error, including
/// numbers too large for a double. Stops at kJsonMaxDepth so deep nesting is never built.
class JsonBuilder final : public nlohmann::json_sax<Json> {
  public:
    bool null() override { return add(nullptr); }
    bool boolean(bool value) override { return add(value); }
    bool number_integer(number_integer_t value) override { return add(value); }
    bool number_unsigned(number_unsigned_t value) override { return add(value); }
    bool number_float(number_float_t value, const string_t&) override { return add(value); }
    bool string(string_t& value) override { return add(std::move(value)); }
    bool binary(binary_t& value) override { return add(Json::binary(std::move(value))); }
    bool start_object(std::size_t) override { return open(Json::object()); }
    bool key(string_t& value) override {
        key_ = std::move(value);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string& last_token,
                     const Json::exception& e) override {
        // `position` counts from 1 and is the last byte read: the offending one, or one past the
        // end when the text ends too early. A number too large for a double (error 406) has
        // been read whole; point at its first byte.
        const std::size_t read = e.id == 406 ? last_token.size() : 1;
        error_offset_ = position - std::min(position, read);
        error_ = reason_of(e);
        return false;
    }

    Json& root() { return root_; }
    bool too_deep() const { return too_deep_; }
    std::size_t error_offset() const { return error_offset_; }
    const std::string& error() const { return error_; }

  private:
    bool add(Json value) {
        if (open_.empty()) {
            root_ = std::move(value);
        } else if (open_.back()->is_array()) {
            open_.back()->push_back(std::move(value));
        } else {
            (*open_.back())[key_] = std::move(value);
        }
        return true;
    }
    /// Adds an empty container and descends into it. The pointers stay valid: nothing is added
    /// to a container while one of its children is open.
    bool open(Json container) {
        if (open_.size() >= kJsonMaxDepth) {
            too_deep_ = true;
            return false;
        }
        add(std::move(container));
        Json* top = open_.empty()              ? &root_
                    : open_.back()->is_array() ? &open_.back()->back()
                                               : &(*open_.back())[key_];
        open_.push_back(top);
        return true;
    }
    bool close() {
        open_.pop_back();
        return true;
    }

    Json root_;
    std::vector<Json*> open_;
    std::string key_;
    bool too_deep_ = false;
    std::size_t error_offset_ = 0;
    std::string error_;
};

}  // namespace

Expected<Json> parse_json(std::string_view text, std::string_view source) {
    JsonBuilder builder;
    try {
        if (Json::sax_parse(text.begin(), text.end(), &builder)) return std::move(builder.root());
    } catch (const std::exception& e) {  // out of memory: nlohmann reports all else to the builder
        return make_error(std::string(source) + ": " + e.what());
    }
    if (builder.too_deep())
        return make_error(error_at(
            text, too_deep_at(text), source,
            "nesting deeper than " + std::to_string(kJsonMaxDepth) + " arrays and objects"));
    return make_error(error_at(text, builder.error_offset(), source, builder.error()));
}

std::string dump_json(const Json& value, int indent) {
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

const Json* json_field(const Json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const std::string* string_field(const Json& object, std::string_view key) {
    const Json* value = json_field(object, key);
    return value != nullptr ? value->get_ptr<const std::string*>() : nullptr;
}

std::optional<std::int64_t> int_field(const Json& object, std::string_view key) {
    const Json* value = json_field(object, key);
    if (value == nullptr) return std::nullopt;
    // Unsigned first: get_ptr<number_integer_t> also answers for an unsigned value (is_number_
    // integer() is true for both) and would read 2^64 - 1 as -1.
    if (const auto* u = value->get_ptr<const Json::number_unsigned_t*>()) {
        if (*u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(*u);
    }
    if (const auto* i = value->get_ptr<const Json::number_integer_t*>()) return *i;
    return std::nullopt;
}

std::optional<std::uint64_t> unsigned_field(const Json& object, std::string_view key) {
    const Json* value = json_field(object, key);
    if (value == nullptr) return std::nullopt;
    if (const auto* u = value->get_ptr<const Json::number_unsigned_t*>()) return *u;
    const auto* i = value->get_ptr<const Json::number_integer_t*>();
    if (i == nullptr || *i < 0) return std::nullopt;
    return static_cast<std::uint64_t>(*i);
}

}  // namespace draughts
