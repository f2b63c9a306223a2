"""draughts_toolkit.results: a match's results folder as pandas tables, compared with the
folder's games.jsonl read line by line, and the errors for a missing or damaged folder."""

import json

import pytest

import draughts_toolkit as dt
from conftest import require_package, small_match


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A match of four games of the default configuration at 300 nodes a move."""
    return small_match(tmp_path_factory.mktemp("match") / "run")


def jsonl_lines(folder):
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def test_the_games_table_has_a_row_per_line_of_games_jsonl(folder):
    require_package("pandas")
    from draughts_toolkit import results

    games = results.games(folder)
    lines = jsonl_lines(folder)
    assert len(games) == len(lines) == 4
    for key in ["pair", "pair_game", "game", "white", "black", "result", "termination", "plies",
                "start_fen", "time_control_white"]:
        assert list(games[key]) == [line[key] for line in lines], key
    assert list(games["variant"]) == ["international"] * 4
    points = {"2-0": 1.0, "1-1": 0.5, "0-2": 0.0}
    assert list(games["white_score"]) == [points[line["result"]] for line in lines]
    assert list(games["white_nodes"]) == [line["white_stats"]["nodes"] for line in lines]
    assert list(games["black_time"]) == [line["black_stats"]["time"] for line in lines]
    pdn = (folder / "games.pdn").read_bytes()
    for text, line in zip(games["pdn"], lines):
        start = line["pdn_offset"]
        assert text.encode() == pdn[start:start + line["pdn_bytes"]]


def test_the_moves_table_has_a_row_per_ply(folder):
    require_package("pandas")
    from draughts_toolkit import results

    moves = results.moves(folder)
    lines = jsonl_lines(folder)
    assert len(moves) == sum(line["plies"] for line in lines)
    first = moves[moves["game"] == lines[0]["game"]]
    assert list(first["move"]) == [move["move"] for move in lines[0]["moves"]]
    assert list(first["ply"]) == list(range(1, lines[0]["plies"] + 1))
    scored = [move.get("score") for move in lines[0]["moves"]]
    assert [None if value != value else value for value in first["score"]] == scored
    white_first = lines[0]["start_fen"].startswith("W")
    assert first["color"].iloc[0] == ("white" if white_first else "black")
    assert first["player"].iloc[0] == lines[0]["white" if white_first else "black"]


def test_a_missing_folder_raises_a_file_error(tmp_path):
    with pytest.raises(dt.FileError) as raised:
        dt.results_tables(tmp_path / "missing")
    assert str(raised.value) == f"{tmp_path / 'missing'}: not a results folder (no games.jsonl)"


def test_a_damaged_line_raises_an_input_error_naming_the_line(folder, tmp_path):
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    for name in ["games.pdn", "config.yaml"]:
        (damaged / name).write_bytes((folder / name).read_bytes())
    lines = (folder / "games.jsonl").read_text().splitlines(keepends=True)
    broken = json.loads(lines[1])
    broken["result"] = "3-0"
    lines[1] = json.dumps(broken) + "\n"
    (damaged / "games.jsonl").write_text("".join(lines))
    with pytest.raises(dt.InputError) as raised:
        dt.results_tables(damaged)
    assert "games.jsonl:2" in str(raised.value)
