"""Board.svg(): the position drawn by the HTML report's own code (report/board_diagram.hpp), a
standalone SVG image with one group per dark square whose class names its content."""

import xml.etree.ElementTree as ET

import pytest

import draughts_toolkit as dt

SVG = "{http://www.w3.org/2000/svg}"
PIECES = {"wm", "wk", "bm", "bk"}


def squares_of(svg_text):
    """{square number: content class} of a diagram, parsed as XML."""
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    squares = {}
    for group in root.iter(SVG + "g"):
        classes = group.get("class").split()
        assert classes[0] == "sq"
        squares[int(group.get("data-sq"))] = classes[1]
    return root, squares


@pytest.mark.parametrize(
    "variant, squares, pieces",
    [("international", 50, 40), ("brazilian", 32, 24), ("russian", 32, 24)],
)
def test_the_start_position_has_every_square_and_piece(variant, squares, pieces):
    board = dt.Board(variant=variant)
    root, drawn = squares_of(board.svg())
    assert sorted(drawn) == list(range(1, squares + 1))
    assert sum(content in PIECES for content in drawn.values()) == pieces
    assert root.find(SVG + "title").text == board.fen()
    assert root.find(SVG + "style") is not None  # its colours travel with it


@pytest.mark.parametrize(
    "fen, variant, expected",
    [
        ("W:WK3,31:BK48,12", "international", {3: "wk", 31: "wm", 48: "bk", 12: "bm"}),
        ("B:WK1,32:BK29,5", "russian", {1: "wk", 32: "wm", 29: "bk", 5: "bm"}),
    ],
)
def test_men_and_kings_stand_on_their_squares(fen, variant, expected):
    _, drawn = squares_of(dt.Board(fen, variant=variant).svg(size=200))
    assert {sq: c for sq, c in drawn.items() if c != "e"} == expected


def test_the_cells_follow_the_fmjd_diagram_on_both_boards():
    for variant, width in (("international", 10), ("russian", 8)):
        root, _ = squares_of(dt.Board(variant=variant).svg(size=width * 10))
        cells = {}
        for group in root.iter(SVG + "g"):
            rect = group.find(SVG + "rect")
            cells[int(group.get("data-sq"))] = (float(rect.get("x")), float(rect.get("y")))
        per_row = width // 2
        assert cells[1] == (10.0, 0.0)  # square 1: top row, second cell
        assert cells[per_row + 1] == (0.0, 10.0)  # the next row starts at the left edge
        assert cells[2 * per_row * (width // 2)] == ((width - 2) * 10.0, (width - 1) * 10.0)


def test_a_size_that_is_not_positive_raises():
    with pytest.raises(dt.InputError, match="svg size"):
        dt.Board().svg(size=0)


def test_jupyter_shows_the_svg():
    board = dt.Board()
    assert board._repr_svg_() == board.svg()


@pytest.mark.parametrize(
    "fen, variant",
    [("W:WK3,31,40:BK48,12,19", "international"), ("B:WK1,32,14:BK29,5,10", "russian")],
)
def test_the_picture_agrees_with_the_text_diagram(fen, variant):
    board = dt.Board(fen, variant=variant)
    rows = str(board).splitlines()
    letters = {"e": ".", "wm": "w", "wk": "W", "bm": "b", "bk": "B"}
    root, drawn = squares_of(board.svg(size=len(rows) * 10))
    for group in root.iter(SVG + "g"):
        rect = group.find(SVG + "rect")
        column, row = int(float(rect.get("x")) / 10), int(float(rect.get("y")) / 10)
        content = drawn[int(group.get("data-sq"))]
        assert rows[row][2 * column] == letters[content], (group.get("data-sq"), row, column)
