#pragma once
// The constants of the search and of the time manager, made parameters so that they can be tuned
// by games (SPSA, `draughts spsa`; docs/tuning-your-engine.md). The defaults are those of the
// SPSA tune of configs/spsa/search-time.yaml (3000 games at 2+0.02), accepted by an SPRT [0, 10]
// at 10+0.1 against the hand-set values: +29.4 +/- 11.4 Elo after 544 games
// (results/2026-12-04-spsa-acceptance.md); the hand-set ones are that file's start values. The
// bench signature of tests/engine/bench_test.cpp is computed with them. engine_parameters.hpp
// names them.

namespace draughts::engine {

/// The time manager's factors (engine/time_manager.hpp explains what each shapes).
struct TimeParameters {
    /// Seconds kept on the clock for process and protocol overheads (at most a quarter of it).
    double clock_reserve = 0.03;
    /// Moves of a Fischer game assumed to remain at most: the increment comes back every move.
    double fischer_moves_left = 30.0;
    /// Moves a side is expected still to play: base + per_piece x pieces, within [min, max].
    double moves_left_base = 8.0;
    double moves_left_per_piece = 1.17;
    double moves_left_min = 12.0;
    double moves_left_max = 56.0;
    /// Share of the increment spent on this move (it comes back after the move).
    double increment_use = 0.8;
    /// Largest share of the usable clock one move may take (the last move of a period: all).
    double move_share = 0.29;
    /// The hard limit as a multiple of the optimum time of a move.
    double hard_factor = 3.72;
    /// The soft limit as a multiple of the optimum.
    double soft_factor = 0.45;
    /// Soft-limit stretch per best-move change (halved every iteration).
    double instability_factor = 0.66;
    /// Soft-limit stretch per man of score dropped since the previous move, and its bounds.
    double score_drop_factor = 0.63;
    double score_drop_min = 0.85;
    double score_drop_max = 1.6;
    /// Soft-limit factor with only two replies.
    double two_replies_factor = 0.75;
    /// Bounds of the soft limit's overall factor.
    double scale_min = 0.5;
    double scale_max = 2.5;

    friend bool operator==(const TimeParameters&, const TimeParameters&) = default;
};

/// The search's constants (engine/search.cpp, engine/search_root.cpp).
struct SearchParameters {
    /// Half-width of the first aspiration window around the previous iteration's score.
    int aspiration_window = 111;
    /// First iteration searched with an aspiration window.
    int aspiration_min_depth = 4;
    /// Late quiet moves are searched shallower from this depth of the parent on ...
    int lmr_min_depth = 2;
    /// ... from this move on (0 for the first move searched) ...
    int lmr_min_move = 1;
    /// ... by this many plies;
    int lmr_reduction = 1;
    /// outside the principal variation, from this parent depth and this move on, by this many.
    int lmr_deep_depth = 4;
    int lmr_deep_move = 5;
    int lmr_deep_reduction = 2;
    /// Plies added to a forced reply (a node with one legal move), 0 for none.
    int single_reply_extension = 1;
    /// ProbCut (null move does not suit draughts, where zugzwang is everywhere): outside the
    /// principal variation, from this depth on (0: never), a node whose search shallower by
    /// probcut_reduction plies beats beta by probcut_margin is cut with that score.
    int probcut_depth = 0;
    int probcut_reduction = 4;
    int probcut_margin = 200;
    /// At a cut by a quiet move, the quiet moves searched before it lose this share (percent) of
    /// the history bonus the cut move gains (0: they keep theirs).
    int history_malus = 0;
    /// Threats in the quiescence search: a quiet position whose opponent has a capture pending
    /// is not scored statically but searched one quiet move further, up to this many times along
    /// a line (0: never, every quiet position is scored as it stands).
    int quiescence_threats = 0;
    /// Static pruning ("reverse futility"): outside the principal variation, at depths up to
    /// this one (0: never), a quiet node (no capture for either side) whose static evaluation
    /// beats beta by static_margin per ply of depth is cut with that evaluation. On since its
    /// SPRT at 2+0.02 (+7.7 +/- 5.2 Elo, results/2026-12-07-pruning.md).
    int static_depth = 3;
    int static_margin = 150;
    /// Late-move pruning: outside the principal variation, at depths up to this one (0: never),
    /// a quiet node searches only its first late_move_count x depth moves (and its killers).
    int late_move_depth = 0;
    int late_move_count = 5;
    /// Singular extension: from this depth on (0: never), away from the root, a hash move whose
    /// stored score is a lower bound or exact, from a search at most three plies shallower, is
    /// searched a ply deeper when every other move, searched to half the depth, stays below that
    /// score less singular_margin per ply of depth: the one move that holds the position. On since
    /// its SPRT at 2+0.02 (+22.3 +/- 9.3 Elo, results/2026-12-07-singular-extension.md).
    int singular_depth = 8;
    int singular_margin = 20;
    /// Internal iterative reduction: from this depth on (0: never), away from the root, a node
    /// with men on the board and a choice of moves that the hash table gives no move is searched
    /// a ply shallower. Without a hash move its ordering is a guess, and the shallower search is
    /// cheap and leaves the move for the next iteration, which reaches the node at full depth
    /// with it. On since its SPRT at 2+0.02 (+14.0 +/- 7.2 Elo, results/2026-12-07-iir.md).
    int iir_depth = 4;
    /// Late-move reductions that grow with the depth and the move number: outside the principal
    /// variation, a late quiet move that the steps above reduce is reduced by at least
    /// ln(parent depth) x ln(move number + 1) x lmr_log_percent / 100 plies, rounded down (0:
    /// only the steps above).
    int lmr_log_percent = 0;
    TimeParameters time;

    friend bool operator==(const SearchParameters&, const SearchParameters&) = default;
};

}  // namespace draughts::engine
