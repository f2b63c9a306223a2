#pragma once
// What the database stores for a position, from the side to move's point of view: win, loss or
// draw, and for wins and losses the number of plies the FMJD counting rules must leave for the
// result to hold. docs/egdb.md explains the meaning; egdb/counting.hpp applies it to a game.

#include <cstdint>
#include <optional>
#include <string>

namespace draughts::egdb {

/// Result for the side to move.
enum class Outcome : std::uint8_t { Draw, Win, Loss };

/// The stored value of one position. `plies` is the distance to conversion: for a win, the side
/// to move ends the game or makes a move that restarts the count (a man move or capture under the
/// 25-move rule, a change of the counted ending under the 16- and 5-move rules) into a position
/// won with a fresh count, within `plies` plies (1..50) against any defence; for a loss, the
/// opponent does so within `plies` plies (0..50) against the best defence. The result holds in a
/// game exactly when at least `plies` plies are left on the running count (counting.hpp).
struct Value {
    Outcome outcome = Outcome::Draw;
    int plies = 0;

    static constexpr Value draw() { return {Outcome::Draw, 0}; }
    static constexpr Value win(int plies) { return {Outcome::Win, plies}; }
    static constexpr Value loss(int plies) { return {Outcome::Loss, plies}; }

    /// One byte in the files: 0 draw, 0x80 + plies a win, 0x40 + plies a loss.
    constexpr std::uint8_t byte() const {
        if (outcome == Outcome::Draw) return kDrawByte;
        return static_cast<std::uint8_t>((outcome == Outcome::Win ? kWinBase : kLossBase) + plies);
    }
    /// The value of a stored byte; nullopt for bytes no value has (kInvalidByte among them).
    static constexpr std::optional<Value> from_byte(std::uint8_t b) {
        if (b == kDrawByte) return draw();
        if (b >= kWinBase + 1 && b <= kWinBase + kMaxPlies) return win(b - kWinBase);
        if (b >= kLossBase && b <= kLossBase + kMaxPlies) return loss(b - kLossBase);
        return std::nullopt;
    }

    /// "win 7", "loss 0", "draw".
    std::string text() const;

    friend constexpr bool operator==(const Value&, const Value&) = default;

    /// Longest count of the FMJD rules: 25 moves of each side [6.2].
    static constexpr int kMaxPlies = 50;
    static constexpr std::uint8_t kDrawByte = 0x00;
    static constexpr std::uint8_t kWinBase = 0x80;
    static constexpr std::uint8_t kLossBase = 0x40;
    /// Stored at indices that are no position (men of both sides on one square).
    static constexpr std::uint8_t kInvalidByte = 0xFF;
};

/// "win", "loss" or "draw".
const char* outcome_name(Outcome outcome);

}  // namespace draughts::egdb
