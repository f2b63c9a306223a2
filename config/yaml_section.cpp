#include "config/yaml_section.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "common/text.hpp"
#include "common/utf8.hpp"
#include "engine/search_types.hpp"
#include "system/process/shell_words.hpp"

namespace draughts::harness {

namespace {

bool is_absent(const YAML::Node& node) { return !node.IsDefined() || node.IsNull(); }

std::string join_choices(std::span<const std::string_view> choices) {
    std::string out;
    for (const auto c : choices) {
        if (!out.empty()) out += ", ";
        out += c;
    }
    return out;
}

/// A number scalar (YAML numbers may carry a '+' sign).
template <typename T>
bool yaml_number(std::string_view text, T& value) {
    const auto number = parse_number<T>(text, PlusSign::Allowed);
    if (number) value = *number;
    return number.has_value();
}

/// "unknown key (did you mean 'games'?)" or "unknown key (known here: a, b, c)".
std::string unknown_key_message(std::string_view key,
                                const std::set<std::string, std::less<>>& known) {
    std::string best;
    std::size_t best_distance = 3;  // suggest only close spellings
    for (const auto& k : known) {
        const std::size_t d = edit_distance(key, k);
        if (d < best_distance) {
            best_distance = d;
            best = k;
        }
    }
    if (!best.empty()) return "unknown key (did you mean '" + best + "'?)";
    std::string message = "unknown key";
    if (known.empty()) return message;
    message += " (known here: ";
    bool first = true;
    for (const auto& k : known) {
        message += (first ? "" : ", ") + k;
        first = false;
    }
    return message + ")";
}

}  // namespace

std::string describe_node(const YAML::Node& node) {
    if (!node.IsDefined() || node.IsNull()) return "nothing";
    if (node.IsSequence()) return "a list";
    if (node.IsMap()) return "a mapping";
    return "\"" + node.Scalar() + "\"";
}

YamlSection::YamlSection(YAML::Node node, std::string path, ConfigSource& source)
    : node_(std::move(node)), path_(std::move(path)), source_(&source) {
    if (is_absent(node_)) {
        is_mapping_ = false;
    } else if (!node_.IsMap()) {
        is_mapping_ = false;
        source_->error(node_, path_,
                       "expected a mapping of keys to values, got " + describe_node(node_));
    }
}

std::string YamlSection::key_path(std::string_view key) const {
    if (path_.empty()) return std::string(key);
    return path_ + "." + std::string(key);
}

YAML::Node YamlSection::get(std::string_view key) {
    known_.emplace(key);
    if (!is_mapping_) return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node& map = node_;  // const access never inserts the key
    return map[std::string(key)];
}

bool YamlSection::has(std::string_view key) const {
    if (!is_mapping_) return false;
    const YAML::Node& map = node_;
    return !is_absent(map[std::string(key)]);
}

void YamlSection::reject(std::string_view key, std::string_view message) {
    const YAML::Node value = get(key);
    if (value.IsDefined()) source_->error(value, key_path(key), message);
}

void YamlSection::error(std::string_view key, std::string_view message) {
    if (key.empty()) {
        source_->error(node_, path_, message);
        return;
    }
    const YAML::Node value =
        is_mapping_ ? YAML::Node(static_cast<const YAML::Node&>(node_)[std::string(key)])
                    : YAML::Node(YAML::NodeType::Undefined);
    source_->error(value.IsDefined() ? value : node_, key_path(key), message);
}

void YamlSection::bad_value(std::string_view key, const YAML::Node& value,
                            std::string_view expected) {
    source_->error(value, key_path(key),
                   "expected " + std::string(expected) + ", got " + describe_node(value));
}

std::string YamlSection::text(std::string_view key, std::string fallback) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    if (!value.IsScalar()) {
        bad_value(key, value, "a text value");
        return fallback;
    }
    if (!is_utf8_text(value, key_path(key))) return fallback;
    return value.Scalar();
}

bool YamlSection::is_utf8_text(const YAML::Node& value, const std::string& path) {
    if (is_valid_utf8(value.Scalar())) return true;
    source_->error(value, path, "not valid UTF-8 text");
    return false;
}

std::int64_t YamlSection::integer(std::string_view key, std::int64_t fallback, std::int64_t min,
                                  std::int64_t max) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    std::int64_t number = 0;
    if (!value.IsScalar() || !yaml_number(value.Scalar(), number)) {
        bad_value(key, value, "a whole number");
        return fallback;
    }
    if (number < min || number > max) {
        source_->error(value, key_path(key),
                       "must be between " + std::to_string(min) + " and " + std::to_string(max) +
                           ", got " + value.Scalar());
        return fallback;
    }
    return number;
}

std::uint64_t YamlSection::unsigned_integer(std::string_view key, std::uint64_t fallback) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    std::uint64_t number = 0;
    if (!value.IsScalar() || !yaml_number(value.Scalar(), number)) {
        bad_value(key, value, "a whole number from 0 to 18446744073709551615");
        return fallback;
    }
    return number;
}

double YamlSection::real(std::string_view key, double fallback, double min, double max) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    double number = 0.0;
    if (!value.IsScalar() || !yaml_number(value.Scalar(), number) || !std::isfinite(number)) {
        bad_value(key, value, "a number");
        return fallback;
    }
    if (number < min || number > max) {
        source_->error(
            value, key_path(key),
            fmt::format("must be between {:g} and {:g}, got {}", min, max, value.Scalar()));
        return fallback;
    }
    return number;
}

bool YamlSection::boolean(std::string_view key, bool fallback) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    if (value.IsScalar()) {
        static const std::map<std::string, bool, std::less<>> kWords = {
            {"true", true},   {"yes", true}, {"on", true},
            {"false", false}, {"no", false}, {"off", false}};
        std::string lower = value.Scalar();
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (const auto it = kWords.find(lower); it != kWords.end()) return it->second;
    }
    bad_value(key, value, "true or false");
    return fallback;
}

std::optional<std::string> YamlSection::optional_text(std::string_view key) {
    if (!has(key)) {
        known_.emplace(key);
        return std::nullopt;
    }
    return text(key, "");
}

std::optional<double> YamlSection::optional_real(std::string_view key, double min, double max) {
    if (!has(key)) {
        known_.emplace(key);
        return std::nullopt;
    }
    const double sentinel = std::nan("");
    const double value = real(key, sentinel, min, max);
    if (std::isnan(value)) return std::nullopt;
    return value;
}

std::optional<std::uint64_t> YamlSection::optional_unsigned(std::string_view key) {
    if (!has(key)) {
        known_.emplace(key);
        return std::nullopt;
    }
    const std::size_t errors = source_->errors().size();
    const std::uint64_t value = unsigned_integer(key, 0);
    if (source_->errors().size() != errors) return std::nullopt;
    return value;
}

std::string YamlSection::choice(std::string_view key, std::string fallback,
                                std::initializer_list<std::string_view> choices) {
    return choice(key, std::move(fallback),
                  std::span<const std::string_view>(choices.begin(), choices.size()));
}

std::string YamlSection::choice(std::string_view key, std::string fallback,
                                std::span<const std::string_view> choices) {
    const YAML::Node value = get(key);
    if (is_absent(value)) return fallback;
    if (value.IsScalar()) {
        for (const auto c : choices)
            if (value.Scalar() == c) return value.Scalar();
    }
    bad_value(key, value, "one of " + join_choices(choices));
    return fallback;
}

std::string YamlSection::file_path(std::string_view key) {
    const std::string value = text(key, "");
    if (value.empty()) return value;
    return source_->resolve_path(key_path(key), value).string();
}

std::vector<std::string> YamlSection::text_list(std::string_view key) {
    const YAML::Node value = get(key);
    std::vector<std::string> out;
    if (is_absent(value)) return out;
    if (value.IsScalar()) return {value.Scalar()};
    if (!value.IsSequence()) {
        bad_value(key, value, "a list of text values");
        return out;
    }
    for (std::size_t i = 0; i < value.size(); ++i) {
        const YAML::Node item = value[i];
        if (!item.IsScalar()) {
            source_->error(item, key_path(key) + "[" + std::to_string(i) + "]",
                           "expected a text value, got " + describe_node(item));
            continue;
        }
        if (!is_utf8_text(item, key_path(key) + "[" + std::to_string(i) + "]")) continue;
        out.push_back(item.Scalar());
    }
    return out;
}

std::vector<std::string> YamlSection::shell_words(std::string_view key) {
    if (!has(key) || !node_[std::string(key)].IsScalar()) return text_list(key);
    const YAML::Node value = get(key);
    if (!is_utf8_text(value, key_path(key))) return {};
    auto words = split_shell_words(value.Scalar());
    if (!words) {
        source_->error(value, key_path(key), words.error().message);
        return {};
    }
    return std::move(words).value();
}

std::vector<std::pair<std::string, std::string>> YamlSection::text_map(std::string_view key) {
    const YAML::Node value = get(key);
    std::vector<std::pair<std::string, std::string>> out;
    if (is_absent(value)) return out;
    if (!value.IsMap()) {
        bad_value(key, value, "a mapping of names to values");
        return out;
    }
    for (const auto& entry : value) {
        if (!entry.first.IsScalar()) {
            bad_value(key, entry.first, "names as keys");
            continue;
        }
        if (!is_utf8_text(entry.first, key_path(key))) continue;
        const std::string name = entry.first.Scalar();
        if (!entry.second.IsScalar() && !entry.second.IsNull()) {
            source_->error(entry.second, key_path(key) + "." + name,
                           "expected a text value, got " + describe_node(entry.second));
            continue;
        }
        if (entry.second.IsScalar() && !is_utf8_text(entry.second, key_path(key) + "." + name))
            continue;
        out.emplace_back(name, entry.second.IsNull() ? std::string() : entry.second.Scalar());
    }
    return out;
}

YamlSection YamlSection::section(std::string_view key) {
    return YamlSection(get(key), key_path(key), *source_);
}

std::vector<YamlSection> YamlSection::sequence(std::string_view key) {
    const YAML::Node value = get(key);
    std::vector<YamlSection> out;
    if (is_absent(value)) return out;
    if (!value.IsSequence()) {
        bad_value(key, value, "a list");
        return out;
    }
    for (std::size_t i = 0; i < value.size(); ++i)
        out.emplace_back(value[i], key_path(key) + "[" + std::to_string(i) + "]", *source_);
    return out;
}

void YamlSection::finish() {
    if (!is_mapping_) return;
    std::map<std::string, int, std::less<>> seen;
    for (const auto& entry : node_) {
        if (!entry.first.IsScalar()) {
            source_->error(entry.first, path_,
                           "keys must be names, got " + describe_node(entry.first));
            continue;
        }
        const std::string& key = entry.first.Scalar();
        if (++seen[key] == 2) source_->error(entry.first, key_path(key), "duplicate key");
        if (known_.count(key) == 0)
            source_->error(entry.first, key_path(key), unknown_key_message(key, known_));
    }
}

int YamlSection::men(std::string_view key, int fallback_units, double max_men) {
    const double fallback = static_cast<double>(fallback_units) / engine::kScorePerMan;
    const double value = real(key, fallback, 0.0, max_men);
    return static_cast<int>(std::lround(value * engine::kScorePerMan));
}

std::string yaml_men(int units) {
    return yaml_number(static_cast<double>(units) / engine::kScorePerMan);
}

std::string yaml_number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

}  // namespace draughts::harness
