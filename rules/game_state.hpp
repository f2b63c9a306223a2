#pragma once
// A game as the rules of its variant follow it, ply by ply: the one place that decides when the
// rules end a game. The harness's referee and the engine's DXP session both keep their game in a
// GameState; the engine's search applies the same draw counters (rules/draw_rules.hpp) directly,
// per ply of its tree. International games count with DrawCounters, as they always did; the
// 64-square variants with VariantDrawCounters<V> (which agree with DrawCounters on 10x10).

#include <cstddef>
#include <optional>
#include <type_traits>
#include <vector>

#include "common/expected.hpp"
#include "rules/draw_rules.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules_verdict.hpp"
#include "rules/variant_draw_rules.hpp"

namespace draughts::rules {

/// The draw-rule counters a game of variant V keeps: DrawCounters for international draughts
/// (what the engine and the endgame databases use), VariantDrawCounters<V> for the others.
template <typename V>
using GameDrawCounters =
    std::conditional_t<std::is_same_v<V, International>, DrawCounters, VariantDrawCounters<V>>;

/// The course of one game of variant V: its start, every ply, the current position, the
/// draw-rule counters and the positions since the last irreversible ply (for repetitions).
/// verdict() says whether and why the rules end the game at the current position.
template <typename V>
class BasicGameState {
  public:
    using Position = BasicPosition<V>;
    using Move = BasicMove<V>;
    using Counters = GameDrawCounters<V>;

    /// A game from `start`; a start in a counted ending counts from here (Counters::at_start).
    explicit BasicGameState(const Position& start);

    const Position& start() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    /// Every ply played since start(), oldest first.
    const std::vector<Move>& moves() const { return moves_; }
    /// Plies played so far; the start position is ply 0.
    int ply() const { return static_cast<int>(moves_.size()); }
    const Counters& counters() const { return counters_.back(); }

    /// Index in moves() of the first ply after the last irreversible one (a man move or a
    /// capture): positions before it can never occur again.
    std::size_t reversible_from() const {
        return moves_.size() - static_cast<std::size_t>(counters().reversible_plies);
    }
    /// The positions before position() since the last irreversible ply, oldest first: what the
    /// engine's search needs to see repetitions.
    std::vector<Position> previous_positions() const;
    /// Occurrences of `position` since the last irreversible ply (0 when it did not occur).
    int occurrences(const Position& position) const;

    /// Plays `move`, which must be legal in position().
    void play(const Move& move);
    /// Takes back the last ply (there must be one): the game is exactly as it was before it, so
    /// that a caller exploring a tree of moves (the Python module's Board.pop) need not replay the
    /// game from its start.
    void undo();

    /// How the rules end the game at the current position, checked in this order: the side to
    /// move cannot move (it loses), threefold repetition, the 25-, 16- and 5-move rules (on 64
    /// squares: the variant's kings-only rule, then its counted endings). nullopt while the
    /// game goes on. When several rules apply on the same ply, the first in
    /// this order is the verdict: a ply that takes the opponent's last piece or shuts in its
    /// last mobile one wins even when it also completes a draw count (the lone king taken or
    /// blocked on the ply that completes the 5- or 16-move count), and a third occurrence on
    /// the ply of a 25-, 16- or 5-move draw is recorded as the repetition.
    std::optional<RulesVerdict> verdict() const;

  private:
    // One entry per ply and one for the start: positions_[i] and counters_[i] are the position
    // and the counters after ply i. The counters say how many plies ago the last irreversible
    // one was, so the positions that can still repeat are the last reversible_plies + 1.
    std::vector<Position> positions_;
    std::vector<Move> moves_;
    std::vector<Counters> counters_;
};

/// A game of international draughts.
using GameState = BasicGameState<International>;

/// Checks that a game can be played from `start`: both sides have pieces and the side to move
/// has a legal move. Errors name the position (as FEN) and the problem. Defined for the variants
/// of rules/variant.hpp.
template <typename V>
Expected<void> check_start_position(const BasicPosition<V>& start);

}  // namespace draughts::rules
