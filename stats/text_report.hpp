#pragma once
// Human-readable reports: the final block of a two-engine match, the one-line live progress, and
// the rating table of a tournament. Plain strings, so callers choose where they go.

#include <cstdint>
#include <string>

#include "stats/pair_summary.hpp"
#include "stats/rating_table.hpp"

namespace draughts::harness {

/// A multi-line report in the style of fastchess: Elo, nElo, LOS, draw ratio, counts,
/// pentanomial bins and the SPRT line. Ends with a newline.
std::string format_pair_report(const PairSummary& summary);

/// When every pair of at least two split 1-1 with some decisive games (each engine won the
/// same opening with the same colour): the engines may be playing the very same games with the
/// colours swapped (a deterministic engine against its mirror), and then the Elo is 0 by
/// construction and its error bar measures nothing. Returns that warning (one sentence, no
/// newline), or empty.
std::string split_pairs_note(const PairSummary& summary);

/// One line for progress output: games done (of `planned_games` when > 0), W-L-D, Elo, nElo,
/// LOS and LLR. No newline.
std::string format_live_line(const PairSummary& summary, std::int64_t planned_games = 0);

/// The rating table sorted by rating, with the anchor named; the site column appears when any
/// entry has a site rating. Ends with a newline.
std::string format_rating_table(const RatingTable& table);

}  // namespace draughts::harness
