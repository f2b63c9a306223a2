"""Board: FEN in and out, legal moves, push and pop, notation, the rules' outcome and draw
counters, and perft, against the reference data of formats.md and the `draughts` program."""

import copy
import json

import pytest

import draughts_toolkit as dt
from conftest import cli_error, run_cli
from reference import kept_duplicate_counts, perft_tables, rulebook_positions

MAX_LEAVES = 2_000_000  # deeper figures are the C++ slow tests' business


@pytest.mark.parametrize("name, fen, counts", perft_tables())
def test_perft_matches_the_reference_counts(name, fen, counts):
    board = dt.Board(fen)
    for depth, expected in enumerate(counts, start=1):
        if expected > MAX_LEAVES:
            break
        assert board.perft(depth) == expected, f"{name} depth {depth}"


def test_perft_with_duplicates_kept_matches_the_reference():
    board = dt.Board()
    depth, expected = min(kept_duplicate_counts().items())
    assert board.perft(depth, keep_duplicates=True) == expected
    assert board.perft(depth, threads=2) == perft_tables()[0][2][depth - 1]


def test_perft_divide_sums_to_perft_and_names_every_legal_move():
    board = dt.Board()
    divide = board.perft_divide(4)
    assert sum(nodes for _, nodes in divide) == board.perft(4)
    assert [move for move, _ in divide] == list(board.legal_moves)


@pytest.mark.parametrize("variant", dt.VARIANTS)
def test_perft_of_every_variant_equals_the_command(variant):
    fen = dt.Board(variant=variant).fen()
    completed = run_cli("perft", "--variant", variant, "--json", fen, 6, check=True)
    figures = json.loads(completed.stdout)
    board = dt.Board(fen, variant=variant)
    assert [board.perft(row["depth"]) for row in figures["depths"]] == [
        row["nodes"] for row in figures["depths"]
    ]


@pytest.mark.parametrize("variant", ["frisian", "frysk"])
def test_capture_routes_are_refused_where_pieces_capture_along_rows(variant):
    fen = dt.Board(variant=variant).fen()
    expected = cli_error("perft", "--variant", variant, "--keep-duplicates", fen, 2)
    board = dt.Board(fen, variant=variant)
    with pytest.raises(ValueError) as raised:
        board.perft(2, keep_duplicates=True)
    assert str(raised.value) == expected
    with pytest.raises(ValueError):
        board.perft_divide(2, keep_duplicates=True)
    assert board.perft(2) == 81


@pytest.mark.parametrize("fen, moves, rule", rulebook_positions())
def test_rulebook_position_has_exactly_the_listed_moves(fen, moves, rule):
    board = dt.Board(fen)
    assert sorted(str(move) for move in board.legal_moves) == moves, rule
    assert board.legal_move_count() == len(moves)
    for move in board.legal_moves:
        assert board.is_legal(move)
        assert board.parse_move(board.notation(move)) == move


@pytest.mark.parametrize(
    "text, variant",
    [
        ("W:W31-50:B1-20", "international"),
        ("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", "international"),
        ("W:WK31-35:B1,3,K5", "international"),
        ("W:W21-32:B1-12", "brazilian"),
        ("B:WK29,30:B1-4,K12", "russian"),
    ],
)
def test_fen_round_trip(text, variant):
    board = dt.Board(text, variant=variant)
    assert dt.Board(board.fen(), variant=variant).fen() == board.fen()
    assert dt.Board(board.fen(), variant=variant) == board


def test_fen_readers_accept_the_forms_of_formats_md():
    assert dt.Board("W:W31-50:B1-20.").fen() == "W:W31-50:B1-20"
    assert dt.Board("W:B1-20:W31-50").fen() == "W:W31-50:B1-20"
    assert dt.Board("W: W 31 - 50 : B 1 - 20").fen() == "W:W31-50:B1-20"
    assert dt.Board("W:W:B1").squares(dt.Piece.BLACK_MAN) == [1]
    assert dt.Board("W:WK31-35:B1").squares(dt.Piece.WHITE_KING) == [31, 32, 33, 34, 35]


@pytest.mark.parametrize(
    "fen, variant",
    [
        ("W:W51:B1", "international"),
        ("W:W31,31:B1", "international"),
        ("W:W3:B40", "international"),
        ("X:W31:B1", "international"),
        ("W:W33:B1", "brazilian"),
        ("", "international"),
        ("W:W31-50:B1-20:", "russian"),
    ],
)
def test_a_bad_fen_raises_the_message_of_the_command_line(fen, variant):
    expected = cli_error("perft", "--variant", variant, fen, 1)
    with pytest.raises(dt.InputError) as raised:
        dt.Board(fen, variant=variant)
    assert str(raised.value) == expected
    assert isinstance(raised.value, ValueError)


def test_an_unknown_variant_raises_the_message_of_the_command_line():
    expected = cli_error("perft", "--variant", "checkers", "W:W31-50:B1-20", 1)
    with pytest.raises(dt.InputError) as raised:
        dt.Board(variant="checkers")
    assert str(raised.value) == expected


def test_push_and_pop_restore_every_earlier_state():
    board = dt.Board()
    seen = []
    for text in ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14"]:
        seen.append((board.fen(), board.draw_state.reversible_plies, board.ply))
        move = board.push_move(text)
        assert board.move_stack[-1] == move
    assert board.ply == 6
    while seen:
        fen, reversible, ply = seen.pop()
        board.pop()
        assert (board.fen(), board.draw_state.reversible_plies, board.ply) == (fen, reversible, ply)
    with pytest.raises(IndexError):
        board.pop()


def test_an_illegal_move_raises_and_leaves_the_board_unchanged():
    board = dt.Board()
    with pytest.raises(dt.IllegalMoveError) as raised:
        board.push_move("32-27x")
    assert "32-27x" in str(raised.value)
    with pytest.raises(dt.IllegalMoveError) as raised:
        board.push_move("31-36")
    assert str(raised.value) == 'move "31-36" in position W:W31-50:B1-20: not a legal move'
    other = dt.Board("W:W28,32:B23")
    capture = other.legal_moves[0]
    with pytest.raises(dt.IllegalMoveError) as raised:
        board.push(capture)
    assert str(raised.value) == 'move "28x19x23" in position W:W31-50:B1-20: not a legal move'
    russian = dt.Board(variant="russian").legal_moves[0]
    with pytest.raises(dt.IllegalMoveError):
        board.push(russian)
    assert board.ply == 0 and board.fen() == "W:W31-50:B1-20"


def test_moves_have_the_fmjd_identity_and_every_notation():
    board = dt.Board("W:WK41,49:B9,10,12,19,38")
    (move,) = board.legal_moves
    assert (move.from_square, move.to_square) == (41, 43)
    assert move.captured == [9, 12, 19, 38]
    assert move.is_capture
    assert str(move) == "41x43"
    assert move.hub() == board.notation(move, "hub") == "41x43x9x12x19x38"
    assert board.notation(move, "short") == "41x43"
    assert board.notation(move, "long").startswith("41x")
    assert board.parse_move("41x43x9x12x19x38") == move
    assert len({move, board.parse_move("41x43")}) == 1
    with pytest.raises(dt.InputError):
        board.notation(move, "san")


def test_the_outcome_names_the_rule_and_its_article():
    board = dt.Board("W:W28:B23")
    assert board.outcome() is None and board.result() == "*"
    board.push_move("28x19")
    outcome = board.outcome()
    assert (outcome.termination, outcome.result, outcome.winner) == ("no_pieces", "2-0", dt.WHITE)
    assert "[FMJD 7.2.2]" in outcome.text
    assert board.is_game_over() and board.result() == "2-0"


def test_threefold_repetition_and_its_counters():
    board = dt.Board("W:WK50,46,47:BK1,4,5")
    for _ in range(2):
        for text in ["50-44", "1-7", "44-50", "7-1"]:
            board.push_move(text)
    assert board.draw_state.repetitions == 3
    assert board.draw_state.reversible_plies == 8
    outcome = board.outcome()
    assert (outcome.termination, outcome.result, outcome.winner) == (
        "threefold_repetition",
        "1-1",
        None,
    )
    board.pop()
    assert board.outcome() is None and board.draw_state.repetitions == 2


def test_the_five_move_rule_counts_from_the_start_and_draws_after_ten_plies():
    board = dt.Board("W:WK50:BK1")
    assert board.draw_state.ending == "5-move rule"
    assert board.draw_state.ending_limit == 10
    plies = ["50-28", "1-34", "28-41", "34-43", "41-37", "43-49", "37-23", "49-38", "23-18", "38-15"]
    for text in plies[:-1]:
        board.push_move(text)
        assert board.outcome() is None
    board.push_move(plies[-1])
    assert board.outcome().termination == "5_move_rule"
    assert board.draw_state.ending_plies == 10


@pytest.mark.parametrize("variant", ["brazilian", "russian"])
def test_the_64_square_variants_have_their_own_board_and_rules(variant):
    board = dt.Board(variant=variant)
    assert board.variant == variant and board.square_count == 32
    assert len(board.legal_moves) == 7
    move = board.push_move("c3-d4")
    assert str(move) == "22-18" and move.variant == variant
    assert board.draw_state.kings_only_limit == (40 if variant == "brazilian" else 30)
    assert repr(board).endswith(f'variant="{variant}")')


def test_board_values_copy_compare_and_print():
    board = dt.Board()
    board.push_move("32-28")
    twin = board.copy()
    assert twin == board and hash(twin) == hash(board)
    twin.push_move("19-23")
    assert twin != board and board.ply == 1
    assert copy.deepcopy(board).move_stack == board.move_stack
    assert dt.Board(board.fen()) == board  # same position, other history
    assert board.turn == dt.BLACK and ~board.turn == dt.WHITE
    assert board.piece_at(28) == dt.Piece.WHITE_MAN
    with pytest.raises(dt.InputError):
        board.piece_at(51)
    rows = str(board).splitlines()
    assert len(rows) == 10 and rows[0].split() == ["b"] * 5
    assert repr(board) == 'Board("B:W28,31,33-50:B1-20")'
    assert repr(board.legal_moves).startswith("MoveList([")
