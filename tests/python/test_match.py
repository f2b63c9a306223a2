"""draughts_toolkit.match: a match from a dict or a YAML file, played by the code of `draughts
match`, with its results as Python objects equal to the folder's summary.json and games, the
command's messages for a bad configuration, and the interpreter free while the games run."""

import json
import threading
import time

import pytest

import draughts_toolkit as dt
from conftest import SOURCE_DIR, run_cli

WEIGHTS = SOURCE_DIR / "configs" / "engines"


def tiny(games=4, **extra):
    """Two built-in engines with different weights, at 300 nodes a move."""
    config = {
        "event": "tiny",
        "seed": 1,
        "concurrency": 1,
        "time_control": "nodes=300",
        "tournament": {"games": games},
        "engines": [
            {"name": "tuned", "kind": "builtin", "weights": str(WEIGHTS / "tuned.yaml")},
            {"name": "default", "kind": "builtin", "weights": str(WEIGHTS / "default.yaml")},
        ],
    }
    config.update(extra)
    return config


def test_a_match_from_a_dict_gives_its_results_as_objects(tmp_path, capfd):
    result = dt.match(tiny(), output=tmp_path / "run")
    assert capfd.readouterr().out == ""  # quiet: the figures are in the result
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    encounter = summary["encounters"][0]
    assert result.status == 0 and result.state == summary["state"] == "completed"
    assert (result.first, result.second) == ("tuned", "default")
    assert result.wins + result.draws + result.losses == 4
    assert [result.wins, result.draws, result.losses] == [
        encounter["games"][k] for k in ("wins", "draws", "losses")]
    assert result.elo == encounter["estimate"]["elo"]
    assert result.elo_error == encounter["estimate"]["elo_error"]
    assert result.sprt is None
    assert len(result.games) == 4
    for game in result.games:
        assert {game.white, game.black} == {"tuned", "default"}
        assert game.result in {"2-0", "1-1", "0-2"}
        assert game.pdn.startswith("[") and game.moves
        board = dt.Board(game.start_fen)
        for move in game.moves:
            board.push_move(move)  # every recorded move is legal, in order
        pdn = dt.parse_pdn(game.pdn).games[0]
        assert [str(m) for m in pdn.moves] == [str(m) for m in board.move_stack]


def test_a_yaml_file_and_the_sprt_state(tmp_path):
    config = tmp_path / "match.yaml"
    text = json.dumps(tiny(sprt={"enabled": True, "elo0": 0, "elo1": 10}))
    config.write_text(text)  # JSON is YAML
    result = dt.match(config, output=tmp_path / "run")
    assert result.sprt["elo1"] == 10.0
    assert {"llr", "decision"} <= set(result.sprt["status"])
    assert result.folder == tmp_path / "run"


def test_a_bad_key_raises_the_message_of_the_command_line(tmp_path):
    config = tiny()
    config["tournament"]["games"] = "many"
    with pytest.raises(dt.InputError) as raised:
        dt.match(config, output=tmp_path / "run")
    assert "tournament.games" in str(raised.value)
    file = tmp_path / "bad.yaml"
    file.write_text(json.dumps(config))
    with pytest.raises(dt.InputError) as from_file:
        dt.match(file, output=tmp_path / "run")
    message = str(from_file.value)
    assert message.startswith("invalid configuration:\n")
    completed = run_cli("match", file, "--output", tmp_path / "run")
    assert completed.returncode == 2
    assert completed.stderr.strip() == "draughts match: " + message
    assert not (tmp_path / "run").exists()


def test_a_missing_file_and_a_missing_output_are_refused(tmp_path):
    with pytest.raises(dt.FileError):
        dt.match(tmp_path / "none.yaml", output=tmp_path / "run")
    with pytest.raises(dt.InputError, match="output"):
        dt.match(tiny())


def test_the_interpreter_runs_other_threads_while_the_games_are_played(tmp_path):
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        started = time.monotonic()
        status, _, _ = dt.run_match(tiny(games=6), tmp_path / "run")  # the C++ call alone
        elapsed = time.monotonic() - started
    finally:
        done.set()
        thread.join()
    assert status == 0
    during = [t for t in ticks if started <= t <= started + elapsed]
    print(f"{len(during)} ticks in {elapsed:.3f} s")
    # With the lock held, the thread could not tick at all while the match ran.
    assert len(during) >= max(2, int(elapsed / 0.01 / 4)), (len(during), elapsed)
