"""A match's results folder as pandas tables: one row per game, one row per move (with the
engines' scores, depths, nodes and times). The folder is read by the toolkit's own reader (only
complete pairs, as `draughts match --resume` counts them) and every line by the games.jsonl
schema's reader, so the columns are the keys of games.jsonl (docs/matches.md). pandas is needed
only here, and imported when these functions are called.

    import draughts_toolkit.results as results
    games = results.games("results/my-match")
    moves = results.moves("results/my-match")
"""

from __future__ import annotations

import os

from ._core import results_tables

__all__ = ["games", "moves", "results_tables"]


def games(folder: str | os.PathLike[str]):
    """One row per game, in the order the games were committed: the fields of its games.jsonl
    line (pair, pair_game, game, round, opening_index, white, black, start_fen, the time controls,
    result, termination, category, termination_text, plies, variant), White's points
    (`white_score`: 1, 0.5, 0), each side's moves, time and nodes (`white_time`, ...) and the
    game's PDN text (`pdn`)."""
    import pandas

    return pandas.DataFrame(results_tables(folder)["games"])


def moves(folder: str | os.PathLike[str]):
    """One row per ply of every game: game, ply (1-based), color and player of the mover, then
    the move's fields in games.jsonl: move, time (measured by the referee), clock (the mover's,
    after the move), score (men, the mover's point of view) or win_in (plies to a forced end),
    depth and nodes."""
    import pandas

    return pandas.DataFrame(results_tables(folder)["moves"])
