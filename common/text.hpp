#pragma once
// Text helpers shared by the parsers of untrusted input (FEN, Hub lines, time controls, book
// lines, configuration values, command-line lists): one notion of blank space around a field and
// one strict reader of numbers.

#include <charconv>
#include <concepts>
#include <optional>
#include <string_view>
#include <system_error>

namespace draughts {

/// The characters trim() removes: space, tab, carriage return, line feed.
inline constexpr std::string_view kBlanks = " \t\r\n";

/// `text` without blanks (kBlanks) at either end.
constexpr std::string_view trim(std::string_view text) {
    const std::size_t first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
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

}  // namespace draughts
