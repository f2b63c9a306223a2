#pragma once

#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

/// The two small endings with their own move limits.
enum class Ending : unsigned char {
    /// Lone king against exactly three pieces, at least one a king: 16 moves each [FMJD 6.3].
    SixteenMoves,
    /// Lone king against one or two pieces, at least one a king: 5 moves each [FMJD 6.4].
    FiveMoves,
};

/// True when `position` is in the material configuration of `ending` (either side may be the one
/// with the lone king).
bool in_ending(const rules::Position& position, Ending ending);

/// Counts the plies played in one ending, from the move that created its material configuration
/// (or from the start when the game starts in it), and draws after 16 (or 5) more moves by each
/// player. Moves inside the configuration, man moves of the stronger side included, do not reset
/// it; entering the configuration starts a fresh count, so a capture that turns a 16-move ending
/// into a 5-move ending starts the 5-move count at zero.
class EndingTracker final : public Tracker {
  public:
    explicit EndingTracker(Ending ending) : ending_(ending) {}

    void reset(const rules::Position& start) override;
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

    /// Plies played since the configuration was created; nullopt when not in it.
    std::optional<int> count() const;
    /// Plies after which the ending is drawn: 32 or 10.
    int limit() const { return ending_ == Ending::SixteenMoves ? 32 : 10; }

  private:
    Ending ending_;
    bool active_ = false;
    int count_ = 0;
};

}  // namespace draughts::harness
