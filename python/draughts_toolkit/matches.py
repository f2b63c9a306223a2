"""A match from Python, played by the code of `draughts match` (docs/matches.md), with its results
as Python objects:

    import draughts_toolkit as dt
    result = dt.match({"engines": [{"name": "a", "kind": "builtin"},
                                   {"name": "b", "kind": "builtin"}],
                       "time_control": "nodes=300", "tournament": {"games": 4}},
                      output="results/my-match")
    result.wins, result.draws, result.losses, result.elo, result.elo_error, result.sprt
    result.games[0].moves, result.games[0].pdn

The configuration (a dict, or the path of a YAML file) is read by the command's own reader: a
dict is written as YAML text first, so an error names the key as the command's message does. The
games run with the interpreter's lock released; the results folder holds what `draughts match`
writes (games.pdn, games.jsonl, summary.json, report.html) and `draughts match --resume` continues
it. The figures are those of summary.json, the games those of games.jsonl.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib

from ._core import Error, results_tables, run_match

__all__ = ["Game", "MatchResult", "match"]


@dataclasses.dataclass(frozen=True)
class Game:
    """One finished game: its players, result ("2-0", "1-1", "0-2" from White's side), how it
    ended, its moves in PDN notation and its PDN text."""

    number: int
    white: str
    black: str
    result: str
    termination: str
    start_fen: str
    moves: list[str]
    pdn: str


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """A finished (or stopped) match: the first encounter's wins, draws and losses from its first
    engine's side, its Elo with the 95 % error, the SPRT's state when one ran (summary.json's
    `sprt` object: llr, bounds, verdict), and every game. `summary` is the whole summary.json,
    `encounters` its encounters (one per pair of engines)."""

    folder: pathlib.Path
    status: int
    state: str
    first: str
    second: str
    wins: int
    draws: int
    losses: int
    elo: float | None
    elo_error: float | None
    sprt: dict | None
    encounters: list[dict]
    summary: dict
    games: list[Game]


def _games(folder):
    tables = results_tables(folder)
    games, moves = tables["games"], tables["moves"]
    by_game = {}
    for game, move in zip(moves.get("game", []), moves.get("move", [])):
        by_game.setdefault(game, []).append(move)
    return [
        Game(number=n, white=w, black=b, result=r, termination=t, start_fen=f,
             moves=by_game.get(n, []), pdn=p)
        for n, w, b, r, t, f, p in zip(games["game"], games["white"], games["black"],
                                        games["result"], games["termination"],
                                        games["start_fen"], games["pdn"])
    ]


def match(
    config: dict | str | os.PathLike[str],
    output: str | os.PathLike[str] | None = None,
    *,
    quiet: bool = True,
    stop_file: str | os.PathLike[str] | None = None,
) -> MatchResult:
    """Plays a new match of `config` into the results folder `output` (or the configuration's
    `output` key) and returns its results. Raises InputError for a bad configuration (the
    command's message, naming the key), FileError when the folder cannot be made, Error when no
    game could be played (an engine that does not start: the folder is removed, as the command
    removes it), and KeyboardInterrupt when a signal stopped it (`draughts match --resume FOLDER`
    continues it). `quiet=False` prints the command's progress lines and its report; `stop_file`: no new pair
    starts once that file exists."""
    status, folder, nothing_played = run_match(config, output, quiet, stop_file)
    folder = pathlib.Path(folder)
    if nothing_played:
        raise Error(f"no game was played (exit status {status}); the engines' messages are above")
    if status >= 128:
        raise KeyboardInterrupt(f"match stopped by signal {status - 128}; continue with: "
                                f"draughts match --resume {folder}")
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    encounters = summary.get("encounters", [])
    first = encounters[0] if encounters else {}
    counts = first.get("games", {})
    estimate = first.get("estimate", {})
    return MatchResult(
        folder=folder,
        status=status,
        state=summary.get("state", ""),
        first=first.get("first", ""),
        second=first.get("second", ""),
        wins=counts.get("wins", 0),
        draws=counts.get("draws", 0),
        losses=counts.get("losses", 0),
        elo=estimate.get("elo"),
        elo_error=estimate.get("elo_error"),
        sprt=first.get("sprt"),
        encounters=encounters,
        summary=summary,
        games=_games(folder),
    )
