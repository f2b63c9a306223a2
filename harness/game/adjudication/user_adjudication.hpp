#pragma once
// Adjudications a match organiser may switch on. Engines cannot agree a draw or resign [FMJD
// 7.3.1, 7.2.1], so the harness does it for them from the scores they report; these ends are
// always recorded as adjudications, never as rule results.

#include <array>
#include <optional>

#include "common/expected.hpp"
#include "harness/game/adjudication/egdb_adjudication.hpp"
#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

/// Draw when both engines report |score| <= score for `moves` consecutive moves each, once at
/// least `from_move` full moves have been played.
struct ScoreDrawOptions {
    int from_move = 0;
    int moves = 0;
    int score = 0;  ///< engine units (engine::kScorePerMan per man)
};

/// A side loses when it reports score <= -score for `moves` consecutive moves of its own; with
/// `confirmed_by_opponent`, only when the opponent also reported >= +score for its last `moves`.
struct ResignOptions {
    int moves = 0;
    int score = 0;  ///< engine units
    bool confirmed_by_opponent = false;
};

/// The optional adjudications; all off by default.
struct AdjudicationOptions {
    std::optional<int> max_moves;  ///< draw after this many moves by each player
    std::optional<ScoreDrawOptions> score_draw;
    std::optional<ResignOptions> resign;
    std::optional<EgdbAdjudication> egdb;  ///< end games the endgame database decides
};

/// Checks the options' values; the message names the bad one.
Expected<void> validate(const AdjudicationOptions& options);

/// The end by maximum length after `ply` plies, if it has come (see BasicMaxLengthTracker).
std::optional<GameEnd> max_length_end(int max_moves, int ply);

/// Maximum game length: a draw once both players have made `max_moves` moves in this game.
template <typename V>
class BasicMaxLengthTracker final : public BasicTracker<V> {
  public:
    explicit BasicMaxLengthTracker(int max_moves) : max_moves_(max_moves) {}
    void reset(const rules::BasicPosition<V>&) override {}
    std::optional<GameEnd> on_ply(const BasicPlyEvent<V>& event) override {
        return max_length_end(max_moves_, event.ply);
    }

  private:
    int max_moves_;
};

/// The run of a draw by score (see BasicScoreDrawTracker), whatever the variant.
class ScoreDrawRun {
  public:
    explicit ScoreDrawRun(const ScoreDrawOptions& options) : options_(options) {}
    void reset() { run_ = 0; }
    /// One ply: its number and the mover's reported score.
    std::optional<GameEnd> on_ply(int ply, std::optional<int> score);

  private:
    ScoreDrawOptions options_;
    int run_ = 0;
};

/// Draw by score; counts consecutive plies whose mover reported a score within the window. A ply
/// without a score breaks the run.
template <typename V>
class BasicScoreDrawTracker final : public BasicTracker<V> {
  public:
    explicit BasicScoreDrawTracker(const ScoreDrawOptions& options) : run_(options) {}
    void reset(const rules::BasicPosition<V>&) override { run_.reset(); }
    std::optional<GameEnd> on_ply(const BasicPlyEvent<V>& event) override {
        return run_.on_ply(event.ply, event.score);
    }

  private:
    ScoreDrawRun run_;
};

/// The runs of resignation by score (see BasicResignTracker), whatever the variant.
class ResignRuns {
  public:
    explicit ResignRuns(const ResignOptions& options) : options_(options) {}
    void reset();
    /// One ply: who moved and the score it reported.
    std::optional<GameEnd> on_ply(rules::Color mover, std::optional<int> score);

  private:
    ResignOptions options_;
    std::array<int, 2> losing_run_{};
    std::array<int, 2> winning_run_{};
};

/// Resign by score; keeps per side the run of its own moves scored as lost (and as won, for the
/// opponent's confirmation).
template <typename V>
class BasicResignTracker final : public BasicTracker<V> {
  public:
    explicit BasicResignTracker(const ResignOptions& options) : runs_(options) {}
    void reset(const rules::BasicPosition<V>&) override { runs_.reset(); }
    std::optional<GameEnd> on_ply(const BasicPlyEvent<V>& event) override {
        return runs_.on_ply(event.before.side_to_move(), event.score);
    }

  private:
    ResignRuns runs_;
};

/// The international game's trackers.
using MaxLengthTracker = BasicMaxLengthTracker<rules::International>;
using ScoreDrawTracker = BasicScoreDrawTracker<rules::International>;
using ResignTracker = BasicResignTracker<rules::International>;

}  // namespace draughts::harness
