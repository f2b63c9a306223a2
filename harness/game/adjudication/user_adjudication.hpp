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

/// Maximum game length: a draw once both players have made `max_moves` moves in this game.
class MaxLengthTracker final : public Tracker {
  public:
    explicit MaxLengthTracker(int max_moves) : max_moves_(max_moves) {}
    void reset(const rules::Position&) override {}
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

  private:
    int max_moves_;
};

/// Draw by score; counts consecutive plies whose mover reported a score within the window. A ply
/// without a score breaks the run.
class ScoreDrawTracker final : public Tracker {
  public:
    explicit ScoreDrawTracker(const ScoreDrawOptions& options) : options_(options) {}
    void reset(const rules::Position&) override { run_ = 0; }
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

  private:
    ScoreDrawOptions options_;
    int run_ = 0;
};

/// Resign by score; keeps per side the run of its own moves scored as lost (and as won, for the
/// opponent's confirmation).
class ResignTracker final : public Tracker {
  public:
    explicit ResignTracker(const ResignOptions& options) : options_(options) {}
    void reset(const rules::Position&) override;
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

  private:
    ResignOptions options_;
    std::array<int, 2> losing_run_{};
    std::array<int, 2> winning_run_{};
};

}  // namespace draughts::harness
