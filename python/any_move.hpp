#pragma once
// A move of any variant, as the Python module hands it out: the variant and the bits of its
// BasicMove (origin, destination, captured set, crowning). Equality is the FMJD move identity of
// rules/move.hpp within one variant; a move of another variant is never equal.

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "rules/move.hpp"
#include "rules/variant.hpp"

namespace draughts::python {

/// A move of any variant; see the top of the file.
class AnyMove {
  public:
    AnyMove() = default;

    template <typename V>
    static AnyMove of(const rules::BasicMove<V>& move) {
        AnyMove out;
        out.variant_ = rules::variant_of<V>();
        out.captured_ = move.captured();
        out.from_ = static_cast<std::uint8_t>(move.from_index());
        out.to_ = static_cast<std::uint8_t>(move.to_index());
        out.crowns_ = move.crowns_in_capture();
        return out;
    }

    /// The move as variant V's; the caller has checked that it is of V.
    template <typename V>
    rules::BasicMove<V> as() const {
        return rules::BasicMove<V>(from_, to_, captured_, crowns_);
    }

    rules::Variant variant() const { return variant_; }
    int from_square() const;
    int to_square() const;
    /// The captured squares, in increasing order.
    std::vector<int> captured_squares() const;
    bool is_capture() const { return captured_ != 0; }
    bool crowns_in_capture() const { return crowns_; }
    /// Short PDN form (`32-28`, `28x19`).
    std::string short_notation() const;
    /// Hub form: a capture lists every captured square (`28x19x23`); the move's identity.
    std::string hub_notation() const;
    std::uint64_t hash() const;

    friend bool operator==(const AnyMove&, const AnyMove&) = default;

  private:
    rules::Variant variant_ = rules::Variant::International;
    rules::Bitboard captured_ = 0;
    std::uint8_t from_ = 0;
    std::uint8_t to_ = 0;
    bool crowns_ = false;
};

}  // namespace draughts::python
