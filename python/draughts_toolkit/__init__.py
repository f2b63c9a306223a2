"""The draughts toolkit in Python: the rules core, the built-in engine, Hub and DXP engines,
matches and tuning data sets, on the same C++ code as the `draughts` program.

See docs/python.md for the install command, a tour of the API and the example script.
"""

from ._core import (
    BLACK,
    VARIANTS,
    WHITE,
    Board,
    Color,
    DrawState,
    EngineError,
    Error,
    FileError,
    IllegalMoveError,
    InputError,
    Move,
    MoveList,
    Outcome,
    PdnFile,
    PdnGame,
    Piece,
    parse_pdn,
    read_pdn,
    write_pdn,
)

__all__ = [
    "BLACK",
    "VARIANTS",
    "WHITE",
    "Board",
    "Color",
    "DrawState",
    "EngineError",
    "Error",
    "FileError",
    "IllegalMoveError",
    "InputError",
    "Move",
    "MoveList",
    "Outcome",
    "PdnFile",
    "PdnGame",
    "Piece",
    "parse_pdn",
    "read_pdn",
    "write_pdn",
]
