#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

#include "rules/move.hpp"

namespace draughts::rules {

/// Fixed-capacity list of moves of variant V, filled by the move generator without heap
/// allocation. The capacity is far above the largest move count of any reachable position; a
/// constructed position that would exceed it marks the list as overflowed instead of writing past
/// the end.
template <typename V>
class BasicMoveList {
  public:
    using MoveType = BasicMove<V>;
    static constexpr std::size_t kCapacity = 256;

    BasicMoveList() {}  // NOLINT: deliberately leaves moves_ uninitialised

    // By value: a move is 16 bytes, and a reference parameter triggers a false GCC 12
    // -Wdangling-pointer warning where the capture search inlines this.
    constexpr void push(MoveType move) {
        if (size_ < kCapacity) {
            moves_[size_++] = move;
        } else {
            overflowed_ = true;
        }
    }
    constexpr void clear() { size_ = 0; }
    constexpr std::size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    constexpr bool overflowed() const { return overflowed_; }
    constexpr const MoveType& operator[](std::size_t i) const { return moves_[i]; }
    constexpr MoveType& operator[](std::size_t i) { return moves_[i]; }
    constexpr const MoveType* begin() const { return moves_.data(); }
    constexpr const MoveType* end() const { return moves_.data() + size_; }
    constexpr MoveType* begin() { return moves_.data(); }
    constexpr MoveType* end() { return moves_.data() + size_; }
    constexpr bool contains(const MoveType& move) const {
        return std::find(begin(), end(), move) != end();
    }

  private:
    std::array<MoveType, kCapacity> moves_;  // left uninitialised: the move is trivial
    std::size_t size_ = 0;
    bool overflowed_ = false;
};

/// A move list of international draughts.
using MoveList = BasicMoveList<International>;

}  // namespace draughts::rules
