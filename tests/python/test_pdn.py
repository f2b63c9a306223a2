"""PDN from Python: every game of the shared master-game files loads and replays, games round
trip through writing and reading, and bad input gives the reader's messages (as `draughts pdn`
prints them)."""

import json

import pytest

import draughts_toolkit as dt
from conftest import SHARED_DIR, run_cli, shared_file


def shared_pdn_files():
    folder = SHARED_DIR / "data" / "games"
    files = sorted(folder.glob("*.pdn")) if folder.exists() else []
    return files or [None]


@pytest.mark.parametrize("path", shared_pdn_files(), ids=lambda p: p.name if p else "missing")
def test_every_master_game_loads_and_replays_as_the_command_counts(path):
    if path is None:
        shared_file("data/games/babasy1.pdn")  # skips, or fails under DRAUGHTS_REQUIRE_SHARED
    read = dt.read_pdn(path)
    summary = json.loads(run_cli("pdn", "--json", path).stdout)
    assert len(read.games) == summary["games"]
    assert sum(len(game.moves) for game in read.games) == summary["plies"]
    assert read.errors == summary["errors"] and read.warnings == summary["warnings"]
    assert not read.errors
    for game in read.games:
        board = game.board()  # replays every move through Board.push: all legal
        assert board.ply == len(game.moves)


@pytest.mark.parametrize("path", shared_pdn_files()[:4], ids=lambda p: p.name if p else "missing")
def test_master_games_round_trip_through_writing(path, tmp_path):
    if path is None:
        shared_file("data/games/babasy1.pdn")
    games = dt.read_pdn(path, strict=True).games
    out = tmp_path / "written.pdn"
    dt.write_pdn(games, out)
    again = dt.read_pdn(out, strict=True).games
    assert len(again) == len(games)
    for before, after in zip(games, again):
        assert after.start_fen == before.start_fen
        assert after.moves == before.moves
        assert after.comments == [c.replace("}", ")") for c in before.comments]
        assert after.result == before.result
        expected = dict(before.tags, Result=before.result)
        written = after.tags
        assert {k: written[k] for k in expected} == expected
        assert set(written) - set(expected) <= {"Result", "GameType", "SetUp", "FEN"}


@pytest.mark.parametrize("variant", dt.VARIANTS)
def test_a_game_made_on_a_board_round_trips(variant):
    board = dt.Board(variant=variant)
    for _ in range(12):
        board.push(board.legal_moves[len(board.legal_moves) // 2])
    game = dt.PdnGame.from_board(board, tags={"Event": 'A "quoted" event', "White": "me"})
    game.comments = [f"ply {i}" for i in range(len(game.moves))]
    text = game.to_pdn()
    (read,) = dt.parse_pdn(text, variant=variant, strict=True).games
    assert read.moves == game.moves and read.comments == game.comments
    assert read.tags["Event"] == 'A "quoted" event' and read.result == "*"
    assert read.board() == board


def test_a_game_from_a_position_writes_its_fen():
    board = dt.Board("B:W28,32:B19,23")
    board.push_move("19-24")
    text = dt.PdnGame.from_board(board).to_pdn()
    assert '[FEN "B:W28,32:B19,23"]' in text and "1... 19-24" in text
    (read,) = dt.parse_pdn(text, strict=True).games
    assert read.start_fen == "B:W28,32:B19,23"


def test_an_illegal_move_gives_the_readers_message_as_the_command_prints_it(tmp_path):
    path = tmp_path / "bad.pdn"
    path.write_text('[Event "bad"]\n\n1. 32-28 19-23 2. 28-22 *\n\n[Event "good"]\n\n1. 32-28 *\n')
    read = dt.read_pdn(path)
    assert len(read.games) == 1 and len(read.errors) == 1
    completed = run_cli("pdn", path)
    assert completed.returncode == 2
    assert f"error: {read.errors[0]}" in completed.stderr.splitlines()
    with pytest.raises(dt.InputError) as raised:
        dt.read_pdn(path, strict=True)
    assert str(raised.value) == read.errors[0]
    assert "ply 3" in read.errors[0] and "not a legal move" in read.errors[0]


def test_a_missing_file_raises_file_error_with_the_commands_message(tmp_path):
    path = tmp_path / "missing.pdn"
    completed = run_cli("pdn", path)
    with pytest.raises(dt.FileError) as raised:
        dt.read_pdn(path)
    assert f"error: {raised.value}" in completed.stderr.splitlines()
    assert isinstance(raised.value, OSError)
    with pytest.raises(dt.FileError):
        dt.write_pdn([], tmp_path / "no" / "such" / "folder.pdn")


def test_latin1_bytes_and_crlf_are_read():
    text = '[Event "Caf\xe9"]\r\n\r\n1. 32-28 19-23 2-0\r\n'.encode("latin-1")
    (game,) = dt.parse_pdn(text, strict=True).games
    assert game.tag("Event") == "Caf\u00e9" and game.result == "2-0"
    assert len(game.moves) == 2


def test_a_game_with_a_bad_result_or_an_illegal_move_cannot_be_written():
    game = dt.PdnGame.from_board(dt.Board())
    game.result = "3-0"
    with pytest.raises(dt.InputError):
        game.to_pdn()
