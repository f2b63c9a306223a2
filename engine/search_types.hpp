#pragma once
// The contract between the engine's search and its callers (the harness's in-process player, the
// Hub front end, the tuner's data generation). Implemented by engine/engine.hpp.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <type_traits>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::engine {

/// Scores are integers in engine units; one man is worth kScorePerMan units in reports (Hub and
/// PDN print scores in men: units / kScorePerMan).
inline constexpr int kScorePerMan = 1000;

/// Scores beyond +-kWinThreshold mean a forced win/loss found by search (in plies from kWinScore).
inline constexpr int kWinScore = 1'000'000;
inline constexpr int kWinThreshold = kWinScore - 10'000;

/// Scores of positions that the endgame database (egdb/) wins under the FMJD counting rules:
/// kDatabaseWin minus the plies to reach them and the plies the database says the win needs.
/// They lie below the forced wins that search proves (kWinThreshold) and above any evaluation.
inline constexpr int kDatabaseWin = 500'000;
inline constexpr int kDatabaseWinThreshold = kDatabaseWin - 10'000;

/// True for scores of database wins and losses.
constexpr bool is_database_score(int score) {
    const int magnitude = score < 0 ? -score : score;
    return magnitude > kDatabaseWinThreshold && magnitude <= kDatabaseWin;
}

/// Limits of one search. Unset members are not limits. When several are set, the first reached
/// stops the search. With none set (and not infinite) the search runs to its maximum depth.
struct SearchLimits {
    std::optional<int> depth;            ///< maximum nominal depth in plies
    std::optional<std::uint64_t> nodes;  ///< node budget (deterministic, for reproducible runs)
    std::optional<double> move_time;     ///< fixed seconds for this move
    // Game clock of the side to move, for the time manager:
    std::optional<double> time_left;  ///< seconds on the clock now
    double increment = 0.0;           ///< seconds added after each move (Fischer)
    int moves_to_go = 0;              ///< moves left in the current period, 0 = none/sudden
    bool infinite = false;            ///< analyse until stop()
    /// Seconds lost per move outside the search (protocol, pipes, scheduling), which the time
    /// manager deducts from every move's budget. In-process players need none; a Hub engine
    /// gets it from its `move-overhead` parameter.
    double move_overhead = 0.0;
    /// Optional stop flag owned by the caller, polled like Engine::stop(). A front end that
    /// starts searches on another thread gives each search a fresh flag, so that a stop sent
    /// before the search has really begun is never lost. Must outlive the search.
    const std::atomic<bool>* stop_flag = nullptr;
};

/// Progress report after each completed iteration (and on demand), for variant V.
template <typename V>
struct BasicSearchInfo {
    int depth = 0;
    int selective_depth = 0;
    int score = 0;  ///< engine units from the side to move's point of view
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::vector<rules::BasicMove<V>> pv;
};

/// True for scores that announce a forced win or loss.
constexpr bool is_win_score(int score) { return score > kWinThreshold || score < -kWinThreshold; }

/// Plies to the end of the game announced by a win score (positive for a win).
constexpr int plies_to_win(int score) {
    return score > 0 ? kWinScore - score : -(kWinScore + score);
}

/// Outcome of a search of variant V. best_move is null only when the root has no legal move.
template <typename V>
struct BasicSearchResult {
    rules::BasicMove<V> best_move{};
    rules::BasicMove<V> ponder_move{};
    int score = 0;  ///< engine units from the side to move's point of view
    int depth = 0;  ///< last fully completed iteration
    int selective_depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::vector<rules::BasicMove<V>> pv;
};

template <typename V>
using BasicInfoCallback = std::function<void(const BasicSearchInfo<V>&)>;

/// The game so far, as the search needs it: the positions played before the root (oldest first),
/// at least back to the last capture or man move, so that repetitions and the variant's draw rules
/// can be seen. The root itself is not included.
template <typename V>
struct BasicSearchHistory {
    std::vector<rules::BasicPosition<V>> previous;
};

/// Whether variant V's engine can probe an endgame database: egdb/ holds international endings
/// only, so the option exists only for BasicEngine<International>.
template <typename V>
inline constexpr bool kHasEndgameDatabase = std::is_same_v<V, rules::International>;

// The international names, used by the layers that play international draughts only.
using SearchInfo = BasicSearchInfo<rules::International>;
using SearchResult = BasicSearchResult<rules::International>;
using InfoCallback = BasicInfoCallback<rules::International>;
using SearchHistory = BasicSearchHistory<rules::International>;

}  // namespace draughts::engine
