#pragma once
// Typed, validated reading of one YAML mapping of a configuration. Each getter takes the key, the
// default used when the key is absent or null, and the allowed range; a bad value is reported to
// the ConfigSource (file, line, key) and the default is returned, so that one pass finds every
// error. finish() reports the keys nobody asked for: a typo never passes silently.

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/enum_names.hpp"
#include "config/config_source.hpp"

namespace draughts::harness {

/// One mapping of a configuration, at a key path such as "engines[1].timeouts".
class YamlSection {
  public:
    /// `node` may be undefined or null (an absent section: every key takes its default).
    YamlSection(YAML::Node node, std::string path, ConfigSource& source);

    const std::string& path() const { return path_; }
    const YAML::Node& node() const { return node_; }
    ConfigSource& source() const { return *source_; }
    /// The full path of a key of this section.
    std::string key_path(std::string_view key) const;
    /// True when the key is present with a non-null value.
    bool has(std::string_view key) const;

    std::string text(std::string_view key, std::string fallback);
    std::int64_t integer(std::string_view key, std::int64_t fallback, std::int64_t min,
                         std::int64_t max);
    std::uint64_t unsigned_integer(std::string_view key, std::uint64_t fallback);
    double real(std::string_view key, double fallback, double min, double max);
    bool boolean(std::string_view key, bool fallback);
    /// A score written in men (0.5 = half a man), between 0 and `max_men`; returned in engine
    /// units (1000 = one man, engine/search_types.hpp), as is `fallback`.
    int men(std::string_view key, int fallback_units, double max_men);
    /// Values without a default: nullopt when the key is absent or null.
    std::optional<std::string> optional_text(std::string_view key);
    std::optional<double> optional_real(std::string_view key, double min, double max);
    std::optional<std::uint64_t> optional_unsigned(std::string_view key);
    /// One of `choices` (exact spelling); the message lists them.
    std::string choice(std::string_view key, std::string fallback,
                       std::initializer_list<std::string_view> choices);
    std::string choice(std::string_view key, std::string fallback,
                       std::span<const std::string_view> choices);
    /// One of the names of an enumeration, read as its value.
    template <typename E, std::size_t N>
    E choice(std::string_view key, E fallback, const EnumNames<E, N>& names) {
        const auto choices = names_in(names);
        const std::string name = choice(key, std::string(name_of(names, fallback)), choices);
        return value_of(names, name).value_or(fallback);
    }
    /// A path, made absolute (see ConfigSource::resolve_path); empty when absent.
    std::string file_path(std::string_view key);
    /// A sequence of scalars (a single scalar is a one-element list).
    std::vector<std::string> text_list(std::string_view key);
    /// Command-line arguments: a sequence of scalars, or one scalar split into words the way a
    /// shell would ("--hash 64 --book 'my book.fen'" gives four words).
    std::vector<std::string> shell_words(std::string_view key);
    /// A mapping of scalars to scalars, in file order.
    std::vector<std::pair<std::string, std::string>> text_map(std::string_view key);

    /// A nested mapping (absent: an empty section).
    YamlSection section(std::string_view key);
    /// A sequence of mappings.
    std::vector<YamlSection> sequence(std::string_view key);

    /// Marks `key` as understood and reports `message` when it is present (a key that does not
    /// apply here, e.g. a Hub option on a built-in engine).
    void reject(std::string_view key, std::string_view message);
    /// Reports a problem with the value of `key` (or of the section itself when `key` is empty).
    void error(std::string_view key, std::string_view message);
    /// Reports keys that were present but never read, and duplicate keys.
    void finish();

  private:
    /// The node of a key, marked as known; undefined when absent.
    YAML::Node get(std::string_view key);
    /// True when a scalar's text is valid UTF-8; otherwise reports it at `path`.
    bool is_utf8_text(const YAML::Node& value, const std::string& path);
    /// Reports that the value of `key` has the wrong form; `expected` says what was wanted.
    void bad_value(std::string_view key, const YAML::Node& value, std::string_view expected);

    YAML::Node node_;
    std::string path_;
    ConfigSource* source_;
    std::set<std::string, std::less<>> known_;
    bool is_mapping_ = true;
};

/// The shortest text that reads back as the same double (for writing configurations back).
std::string yaml_number(double value);

/// A score in engine units as the shortest text in men that reads back to it ("0.04", "2.5").
std::string yaml_men(int units);

/// The scalar text of a node as the user wrote it (for messages), or "a list"/"a mapping".
std::string describe_node(const YAML::Node& node);

}  // namespace draughts::harness
