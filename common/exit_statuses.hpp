#pragma once
// The exit statuses of every subcommand of `draughts`: one contract, so that a script or a CI job
// reads them the same way whatever it ran (docs/exit-statuses.md lists them with examples).

namespace draughts {

/// The command did its work: every game played (or an SPRT accepted H1), every file written.
inline constexpr int kExitOk = 0;
/// A match's SPRT accepted H0 (a regression): the work is done, and the verdict is "fail".
inline constexpr int kExitSprtH0 = 1;
/// An error: usage, input (a missing, unreadable, invalid or damaged file, an engine that could
/// not start, a damaged message between the ranks of a cluster), an output that could not be
/// written (a failed final write included), pairs that could not be played. Takes precedence
/// over every other status but 128+N.
inline constexpr int kExitError = 2;
/// Strict mode: the verdict does not count (a game was forfeited, or the endgame database could
/// not be probed during adjudication).
inline constexpr int kExitForfeits = 3;
/// Stopped before its end by the stop file (--stop-file); `--resume` finishes the run.
inline constexpr int kExitStopped = 4;
/// Stopped before its end by signal N: 128 + N (130 for Ctrl-C); `--resume` continues.
inline constexpr int kExitSignalBase = 128;

}  // namespace draughts
