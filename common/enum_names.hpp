#pragma once
// The text names of an enumeration's values, kept in one table per enumeration so that reading a
// configuration, writing it back, command-line options and reports all use the same spelling.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace draughts {

/// One value of an enumeration and its name.
template <typename E>
struct EnumName {
    E value;
    std::string_view name;
};

/// A table of names: one entry per value.
template <typename E, std::size_t N>
using EnumNames = std::array<EnumName<E>, N>;

/// The name of `value`; "?" when the table has none (a bug: every value has a name).
template <typename E, std::size_t N>
constexpr std::string_view name_of(const EnumNames<E, N>& names, E value) {
    for (const auto& entry : names)
        if (entry.value == value) return entry.name;
    return "?";
}

/// The value called `name` (exact spelling); nullopt when no value has that name.
template <typename E, std::size_t N>
constexpr std::optional<E> value_of(const EnumNames<E, N>& names, std::string_view name) {
    for (const auto& entry : names)
        if (entry.name == name) return entry.value;
    return std::nullopt;
}

/// Just the names, in table order (for messages that list the choices).
template <typename E, std::size_t N>
constexpr std::array<std::string_view, N> names_in(const EnumNames<E, N>& names) {
    std::array<std::string_view, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = names[i].name;
    return out;
}

}  // namespace draughts
