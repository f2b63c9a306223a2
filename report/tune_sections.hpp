#pragma once
// The sections of a tuning report, and the closed loop's verdict when a match folder tested the
// tuned weights.

#include "report/html_page.hpp"
#include "report/match_folder.hpp"
#include "report/tune_folder.hpp"

namespace draughts::report {

/// K, the data, the best epoch, and the training and hold-out loss per epoch.
Section tuning_section(const TuneFolder& folder);

/// The weights that moved most from the starting weights, and every hand-written term.
Section weights_section(const TuneFolder& folder);

/// The pattern tables drawn as board heat maps (what an own man on each square is worth to the
/// patterns of one band, from White's side).
Section patterns_section(const TuneFolder& folder);

/// The closed loop: the tuned weights of `tune` tested in the match `match` (its SPRT verdict,
/// and whether the match played exactly the weights the tuning wrote).
Section closed_loop_section(const TuneFolder& tune, const MatchFolder& match);

}  // namespace draughts::report
