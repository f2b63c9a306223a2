#pragma once
// Text helpers shared by the parsers of untrusted input (FEN, Hub lines, time controls, book
// lines, configuration values, command-line lists): one notion of blank space around a field, one
// way to cut a line into fields and one strict reader of numbers; and one way to write a duration
// in a message.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace draughts {

/// The characters trim() removes: space, tab, carriage return, line feed.
inline constexpr std::string_view kBlanks = " \t\r\n";

/// `text` without blanks (kBlanks) at either end.
constexpr std::string_view trim(std::string_view text) {
    const std::size_t first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

/// The fields of `text` between the `separator`s, as they are (not trimmed): n separators give
/// n + 1 fields, so an empty text is one empty field.
inline std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        fields.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return fields;
        start = end + 1;
    }
}

/// A duration for messages, in seconds with the decimals it needs: "0.3 s", "5 s", "0.125 s".
inline std::string seconds_text(std::chrono::milliseconds duration) {
    char buffer[32];
    const double seconds = static_cast<double>(duration.count()) / 1000.0;
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, seconds);
    return std::string(buffer, written.ptr) + " s";
}

/// The types parse_number() reads: integers (but not bool) and floating point.
template <typename T>
concept ParsableNumber = (std::integral<T> && !std::same_as<T, bool>) || std::floating_point<T>;

/// Whether parse_number() takes a leading '+': YAML and command-line numbers may have one;
/// protocol fields, FEN and data files may not.
enum class PlusSign { Rejected, Allowed };

/// The number that is the whole of `text`, if it fits in T; nullopt for empty text, trailing
/// garbage or overflow. The syntax is std::from_chars's: no blanks, a '-' only for signed and
/// floating-point types; floating point also reads fractions, exponents, "inf" and "nan". A '+'
/// is read only when `plus` allows it, and never before a '-'.
template <ParsableNumber T>
std::optional<T> parse_number(std::string_view text, PlusSign plus = PlusSign::Rejected) {
    if (plus == PlusSign::Allowed && text.starts_with('+')) {
        text.remove_prefix(1);
        if (text.starts_with('-')) return std::nullopt;
    }
    T value{};
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc{} || stop != end) return std::nullopt;
    return value;
}

/// Whether edit_distance() tells upper from lower case.
enum class LetterCase { Sensitive, Ignored };

/// Levenshtein distance of two short words (insertions, deletions, substitutions): how near a
/// mistyped key or subcommand is to a known one, for "did you mean" suggestions.
inline std::size_t edit_distance(std::string_view a, std::string_view b,
                                 LetterCase letter_case = LetterCase::Sensitive) {
    const auto fold = [letter_case](char c) {
        const auto u = static_cast<unsigned char>(c);
        return letter_case == LetterCase::Ignored ? std::tolower(u) : int{u};
    };
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = fold(a[i - 1]) == fold(b[j - 1]);
            const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + !same});
            diagonal = row[j];
            row[j] = next;
        }
    }
    return row[b.size()];
}

}  // namespace draughts
