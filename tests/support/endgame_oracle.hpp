#pragma once
// Exhaustive game-theoretic search of small endgames over the reference move rules
// (reference_rules.hpp), to confirm the outcomes of tests/data/endgames.txt independently of
// engine/ and of the rules core. A side wins when its opponent has no legal move (no pieces, or
// all blocked). The FMJD draw rules end the game as ../shared/reference/rules.md reads them:
// 25 moves each of king moves without a capture [6.2]; a lone king against three pieces with a
// king, 16 moves each [6.3], or against at most two such pieces, 5 moves each [6.4], counted
// from the move that entered that class of ending (from the start for a game that starts in
// one); threefold repetition [6.1].
//
// The search is an AND-OR search with a table of solved states. A win it finds is then replayed
// without the table, with every repetition on the way counted, so a proof never rests on a
// transposition whose history differs. A draw claim is shown by letting each side attack in turn
// with every line the rules leave open after the given plies counted as a win for the attacker;
// repetitions are ignored there, which can only help the attacker.

#include <array>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "tests/support/reference_rules.hpp"

namespace draughts::testing {

/// The draw-rule counters of the oracle; see the top of this file.
struct RefRuleCounters {
    int reversible_plies = 0;  ///< plies of king moves without a capture [6.2]
    int ending_limit = 0;      ///< 0 (no counted ending), 32 [6.3] or 10 [6.4] plies
    int ending_plies = 0;      ///< plies since the ending class was entered

    /// True when one of the counted rules has drawn the game.
    bool is_draw() const;
};

/// Plies that the counted ending of `board` allows: 32, 10, or 0 when none applies.
int ref_ending_limit(const RefBoard& board);
/// Counters of a game that starts at `board`.
RefRuleCounters ref_counters_at_start(const RefBoard& board);
/// Counters after `move` took `before` to `after`.
RefRuleCounters ref_counters_after(const RefRuleCounters& counters, const RefBoard& before,
                                   const RefMove& move, const RefBoard& after);

/// The endgame search described at the top of this file.
class EndgameOracle {
  public:
    /// An oracle that gives up after visiting `node_limit` states (see gave_up()).
    explicit EndgameOracle(std::uint64_t node_limit = std::numeric_limits<std::uint64_t>::max())
        : node_limit_(node_limit) {}

    /// True when the side to move can force a win within `plies` plies, under the draw rules,
    /// proven by a replay that counts repetitions.
    bool side_to_move_wins_within(const RefBoard& board, int plies);

    /// True when neither side can force a win and, whatever is played, no line is still open
    /// after `plies` plies without a rule having drawn it first.
    bool drawn_by_rule_within(const RefBoard& board, int plies);

    /// States searched so far (for test budgets and failure messages).
    std::uint64_t nodes() const { return nodes_; }
    /// True when the node limit cut a search short: the answers are then meaningless.
    bool gave_up() const { return nodes_ > node_limit_; }

  private:
    struct Key {
        std::array<std::uint64_t, 3> words{};
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& key) const;
    };

    void prepare(bool attacker_white, bool open_lines_win, int plies);
    Key key_of(const RefBoard& board, const RefRuleCounters& counters, int plies) const;
    bool forces_win(const RefBoard& board, const RefRuleCounters& counters, int plies);
    bool replay(const RefBoard& board, const RefRuleCounters& counters, int plies,
                std::vector<RefBoard>& path);

    bool attacker_white_ = true;
    bool open_lines_win_ = false;
    int counter_cap_ = 0;  ///< counters further from a draw than the search reaches are alike
    std::unordered_map<Key, bool, KeyHash> solved_;
    std::uint64_t node_limit_;
    std::uint64_t nodes_ = 0;
};

}  // namespace draughts::testing
