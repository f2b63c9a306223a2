"""The built-in engine from Python (search with limits, score, PV, statistics, the same moves as
the `draughts` program's engine) and weights (files in and out, the layout); Hub and DXP engines
as objects with play and analyse, started as a match starts them."""

import re
import threading

import pytest

import draughts_toolkit as dt
from conftest import SOURCE_DIR, cli_error, draughts_program, mock_engine
from draughts_toolkit.engine import BuiltinEngine, DxpEngine, HubEngine, Limit


def test_a_depth_limited_search_gives_a_legal_move_a_score_a_pv_and_statistics():
    board = dt.Board()
    engine = BuiltinEngine()
    seen = []
    result = engine.play(board, Limit(depth=6), on_info=seen.append)
    assert result.move in board.legal_moves
    assert result.info.depth == 6 and result.info.nodes > 0 and result.info.seconds >= 0
    assert result.info.pv[0] == result.move
    assert [info.depth for info in seen] == list(range(1, 7))
    replay = board.copy()
    for move in result.info.pv:  # the principal variation is a legal line
        replay.push(move)


def test_depth_and_node_limited_searches_are_deterministic():
    board = dt.Board()
    board.push_move("32-28")
    first = BuiltinEngine().play(board, Limit(nodes=20_000))
    second = BuiltinEngine().play(board, Limit(nodes=20_000))
    assert (first.move, first.info.score, first.info.nodes) == (
        second.move,
        second.info.score,
        second.info.nodes,
    )
    assert first.info.nodes <= 20_000 + 5_000


def test_a_won_position_announces_the_win():
    board = dt.Board("W:WK46:B23")
    info = BuiltinEngine().analyse(board, Limit(depth=4))
    assert info.win_in == 1 and info.men > 900


def test_a_time_limited_search_returns_in_time_and_stop_ends_an_infinite_one():
    board = dt.Board()
    engine = BuiltinEngine()
    result = engine.play(board, Limit(time=0.2))
    assert result.info.seconds < 1.5
    timer = threading.Timer(0.3, engine.stop)
    timer.start()
    result = engine.play(board, Limit(depth=60))
    timer.join()
    assert result.move in board.legal_moves


def test_an_exception_in_on_info_stops_the_search_and_is_raised():
    def fail(info):
        if info.depth == 3:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        BuiltinEngine().play(dt.Board(), Limit(depth=30), on_info=fail)


def test_every_variant_has_its_engine_and_a_board_of_another_is_refused():
    for variant in dt.VARIANTS:
        board = dt.Board(variant=variant)
        assert BuiltinEngine(variant).play(board, Limit(depth=3)).move in board.legal_moves
    with pytest.raises(dt.InputError):
        BuiltinEngine("brazilian").play(dt.Board(), Limit(depth=2))
    with pytest.raises(dt.InputError):
        BuiltinEngine().play(dt.Board(), Limit())


def test_the_search_sees_the_games_history():
    # Kings only: the side to move can repeat; the history makes the third occurrence a draw.
    board = dt.Board("W:WK50,46,47:BK1,4,5")
    for text in ["50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50"]:
        board.push_move(text)
    info = BuiltinEngine().analyse(board, Limit(depth=4))
    assert abs(info.score) < 5000


def test_weights_files_round_trip_and_name_their_parameters(tmp_path):
    weights = dt.Weights.builtin()
    assert len(weights) == len(weights.names()) and weights.name(0) == "man.mg"
    assert weights["man.mg"] == weights[0] == weights.values()[0]
    changed = dt.Weights.from_values(list(weights.to_list()))
    changed["tempo.eg"] = 42
    path = tmp_path / "w.yaml"
    changed.save(path, comment="from Python")
    assert dt.Weights.load(path) == changed and dt.Weights.load(path) != weights
    assert dt.Weights.parse(changed.format()) == changed
    assert dt.Weights.zero("russian").variant == "russian"
    engine = BuiltinEngine(weights=dt.Weights.material_only())
    assert engine.weights == dt.Weights.material_only()


def test_shipped_weight_files_load(tmp_path):
    for path in sorted((SOURCE_DIR / "configs" / "engines").glob("*.yaml")):
        text = path.read_text()
        found = re.search(r"^variant: *(\w+)", text, re.MULTILINE)
        variant = found.group(1) if found else "international"
        assert len(dt.Weights.load(path, variant)) > 0, path


def test_bad_weights_raise_the_readers_message(tmp_path):
    with pytest.raises(dt.FileError):
        dt.Weights.load(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("man: 1000\nnonsense: 3\n")
    with pytest.raises(dt.InputError) as raised:
        dt.Weights.load(bad)
    assert str(bad) in str(raised.value)
    expected = cli_error("bench", "--depth", "1", "--weights", bad)
    assert str(raised.value) in expected
    with pytest.raises(dt.InputError):
        dt.Weights.load(SOURCE_DIR / "configs" / "engines" / "brazilian-default.yaml")
    with pytest.raises(dt.InputError):
        BuiltinEngine("brazilian", weights=dt.Weights.builtin())


def test_a_hub_engine_plays_and_analyses_like_chess_engine():
    with HubEngine.popen([draughts_program(), "hub"]) as engine:
        board = dt.Board()
        result = engine.play(board, Limit(depth=4))
        assert result.move in board.legal_moves
        assert result.info.depth is not None and result.info.score is not None
        board.push(result.move)
        info = engine.analyse(board, Limit(nodes=2000))
        assert info.nodes is not None


def test_a_hub_engine_that_plays_an_illegal_move_raises_engine_error():
    with HubEngine.popen(mock_engine("hub_illegal")) as engine:
        with pytest.raises(dt.EngineError):
            engine.play(dt.Board(), Limit(depth=2))


def test_a_program_that_does_not_exist_is_refused_as_a_match_refuses_it():
    with pytest.raises(dt.InputError) as raised:
        HubEngine.popen("/no/such/engine")
    assert "/no/such/engine" in str(raised.value)


def test_a_dxp_engine_plays_every_position_as_a_new_game():
    with DxpEngine.popen(
        [draughts_program(), "dxp", "--connect", "{host}:{port}", "--nodes", "500"]
    ) as engine:
        board = dt.Board()
        for _ in range(3):
            move = engine.play(board, Limit(time=1.0)).move
            assert move in board.legal_moves
            board.push(move)
