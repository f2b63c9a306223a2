"""Engines with one interface, shaped after python-chess's chess.engine: `play` gives a move,
`analyse` gives the engine's view of a position, both within a Limit.

- BuiltinEngine: the toolkit's own search in this process (SearchEngine), with its score, PV and
  statistics after every iteration.
- HubEngine and DxpEngine: engine programs speaking the Hub or DXP protocol, started and played
  by the same player classes as a match (PlayerEngine), from the same engine entry a match file
  holds.

All are context managers: `with HubEngine.popen(["scan", "hub"]) as engine: ...` quits the
program at the end.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Callable, Sequence

from ._core import SCORE_PER_MAN, WIN_THRESHOLD, WIN_SCORE, Board, Move, PlayerEngine, SearchEngine, Weights

__all__ = ["Limit", "Info", "PlayResult", "BuiltinEngine", "HubEngine", "DxpEngine"]


@dataclasses.dataclass(frozen=True)
class Limit:
    """When a search stops: the first limit reached. `time` is seconds for this move;
    `time_left`, `increment` and `moves_to_go` give the clock to the built-in engine's time
    manager."""

    depth: int | None = None
    nodes: int | None = None
    time: float | None = None
    time_left: float | None = None
    increment: float = 0.0
    moves_to_go: int = 0


@dataclasses.dataclass(frozen=True)
class Info:
    """What an engine said about a position. `score` is in engine units (1000 = one man) from
    the side to move's point of view; `men` is the same in men; `win_in` counts plies to a
    forced win (negative: a loss) when the score announces one."""

    score: int | None = None
    depth: int | None = None
    selective_depth: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    pv: Sequence[Move] | Sequence[str] = ()

    @property
    def men(self) -> float | None:
        return None if self.score is None else self.score / SCORE_PER_MAN

    @property
    def win_in(self) -> int | None:
        if self.score is None or abs(self.score) <= WIN_THRESHOLD:
            return None
        return WIN_SCORE - self.score if self.score > 0 else -(WIN_SCORE + self.score)


@dataclasses.dataclass(frozen=True)
class PlayResult:
    """The move an engine chose (None when there is no legal move) and its Info."""

    move: Move | None
    ponder: Move | None
    info: Info


class _Engine:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()
        return False

    def analyse(self, board: Board, limit: Limit) -> Info:
        """The engine's view of the board's position within `limit`."""
        return self.play(board, limit).info

    def play(self, board: Board, limit: Limit) -> PlayResult:  # pragma: no cover - abstract
        raise NotImplementedError

    def quit(self) -> None:
        pass


class BuiltinEngine(_Engine):
    """The built-in engine in this process. `weights`: a Weights object, a weight file's path,
    or None for the built-in weights."""

    def __init__(
        self,
        variant: str = "international",
        hash_mb: int = 16,
        weights: Weights | str | os.PathLike[str] | None = None,
    ) -> None:
        if weights is not None and not isinstance(weights, Weights):
            weights = Weights.load(weights, variant)
        self._engine = SearchEngine(variant, hash_mb, weights)

    @property
    def variant(self) -> str:
        return self._engine.variant

    @property
    def weights(self) -> Weights:
        return self._engine.weights

    @weights.setter
    def weights(self, weights: Weights) -> None:
        self._engine.weights = weights

    def new_game(self) -> None:
        self._engine.new_game()

    def stop(self) -> None:
        """Ends a running search soon (call it from another thread)."""
        self._engine.stop()

    def play(
        self, board: Board, limit: Limit, on_info: Callable[[Info], object] | None = None
    ) -> PlayResult:
        """The engine's move. `on_info(info)` is called after every iteration of the search."""
        callback = None
        if on_info is not None:
            callback = lambda report: on_info(_info(report))  # noqa: E731
        report = self._engine.search(
            board,
            depth=limit.depth,
            nodes=limit.nodes,
            time=limit.time,
            time_left=limit.time_left,
            increment=limit.increment,
            moves_to_go=limit.moves_to_go,
            on_info=callback,
        )
        return PlayResult(report.best_move, report.ponder_move, _info(report))


def _info(report) -> Info:
    return Info(
        score=report.score,
        depth=report.depth,
        selective_depth=report.selective_depth,
        nodes=report.nodes,
        seconds=report.seconds,
        pv=list(report.pv),
    )


class _ProtocolEngine(_Engine):
    _kind = ""

    def __init__(self, entry: dict, variant: str = "international") -> None:
        self._engine = PlayerEngine(dict(entry, kind=self._kind), variant)

    @classmethod
    def popen(
        cls,
        command: str | os.PathLike[str] | Sequence[str],
        variant: str = "international",
        name: str | None = None,
        **settings,
    ):
        """Starts the program `command` (a path, or a list: the program and its arguments) as a
        match would. `settings` are further keys of a match file's engine entry (for Hub:
        parameters, timeouts; for DXP: connection, port, timeouts)."""
        if isinstance(command, (str, os.PathLike)):
            command = [os.fspath(command)]
        program, *args = [os.fspath(part) for part in command]
        entry = {"name": name or os.path.basename(program), "command": program, "args": args}
        entry.update(settings)
        return cls(entry, variant)

    @property
    def name(self) -> str:
        return self._engine.name

    def play(self, board: Board, limit: Limit) -> PlayResult:
        reply = self._engine.think(board, depth=limit.depth, nodes=limit.nodes, time=limit.time)
        info = Info(
            score=reply.score,
            depth=reply.depth,
            nodes=reply.nodes,
            seconds=reply.seconds if reply.seconds is not None else reply.elapsed,
            pv=list(reply.pv),
        )
        return PlayResult(reply.move, None, info)

    def stop(self) -> None:
        self._engine.stop()

    def quit(self) -> None:
        """Asks the program to quit (then kills it); idempotent."""
        self._engine.quit()


class HubEngine(_ProtocolEngine):
    """An engine program speaking the Hub protocol (Scan's) over its standard input and output."""

    _kind = "hub"


class DxpEngine(_ProtocolEngine):
    """An engine reached over DXP (TCP). DXP plays one side of one game, so every `play` starts
    a game from the board's current position."""

    _kind = "dxp"
