#pragma once
// The common shape of the user adjudications: each one watches the game ply by ply, keeps its
// own counter, and says when it ends the game. (The FMJD rules are followed by rules::GameState.)
// Templates over the variant V, like the game they watch.

#include <optional>

#include "records/termination.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// One ply as the trackers see it, right after it was played.
template <typename V>
struct BasicPlyEvent {
    const rules::BasicPosition<V>& before;  ///< position the move was played in
    const rules::BasicMove<V>& move;
    const rules::BasicPosition<V>& after;  ///< position after the move (the opponent to move)
    int ply = 0;                           ///< 1-based number of this ply in the game
    std::optional<int> score;  ///< mover's reported score (its own point of view), if any
};

/// An adjudication that is fed every ply and may end the game.
template <typename V>
class BasicTracker {
  public:
    virtual ~BasicTracker() = default;
    /// Starts watching a new game from `start`.
    virtual void reset(const rules::BasicPosition<V>& start) = 0;
    /// Takes one ply into account; returns the end of the game when this tracker ends it now.
    virtual std::optional<GameEnd> on_ply(const BasicPlyEvent<V>& event) = 0;
};

/// The international game's names.
using PlyEvent = BasicPlyEvent<rules::International>;
using Tracker = BasicTracker<rules::International>;

}  // namespace draughts::harness
