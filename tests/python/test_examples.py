"""examples/python/match_analysis.py, run as a researcher runs it on a match of the `draughts`
program: its pairs and score equal the match's summary.json, its fit is a minimum of the loss,
its plot is a PNG, and bad input gets a message and exit status 2."""

import json
import math
import os
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, require_package, small_match

SCRIPT = SOURCE_DIR / "examples" / "python" / "match_analysis.py"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A match of four games of the default configuration at 300 nodes a move."""
    return small_match(tmp_path_factory.mktemp("example") / "run")


def run_example(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True, timeout=300, env=os.environ.copy())


def figures_of(folder, *args):
    completed = run_example(folder, "--json", *args)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


@pytest.fixture(scope="module")
def encounter(folder):
    """The match's encounter in summary.json, from its first engine's side."""
    return json.loads((folder / "summary.json").read_text())["encounters"][0]


@pytest.fixture(scope="module")
def first(folder, encounter):
    """The example's figures from the first engine's side (the summary's)."""
    require_package("pandas")
    return figures_of(folder, "--engine", encounter["first"])


def test_pairs_and_score_are_the_summarys(first, encounter):
    figures = first
    pairs = encounter["pairs"]
    assert figures["opponent"] == encounter["second"]
    assert figures["pairs"] == pairs["pairs"] == 2
    # Pair points 0, 1/2, 1, 3/2, 2 are the summary's ll, ld, wl+dd, wd, ww.
    assert figures["pentanomial"] == [pairs["ll"], pairs["ld"], pairs["wl_dd"], pairs["wd"],
                                      pairs["ww"]]
    assert figures["score"] == pytest.approx(encounter["estimate"]["score"])
    score = figures["score"]
    expected = -400 * math.log10(1 / score - 1) if 0 < score < 1 else None
    assert figures["elo"] == pytest.approx(expected)


def test_the_other_side_mirrors_the_figures(folder, encounter, first):
    second = figures_of(folder, "--engine", encounter["second"])
    assert second["pentanomial"] == first["pentanomial"][::-1]
    assert second["score"] == pytest.approx(1 - first["score"])
    assert second["k"] == pytest.approx(first["k"])


def test_moves_per_engine_add_up_to_the_plies(folder, first):
    lines = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]
    figures = first
    assert sum(row["moves"] for row in figures["moves"].values()) == sum(
        line["plies"] for line in lines)
    scored = sum(1 for line in lines for move in line["moves"] if "score" in move)
    assert figures["scored_moves"] == scored


def test_the_fitted_k_is_a_minimum_of_the_loss(folder, first):
    numpy = require_package("numpy")
    figures = first
    lines = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]
    scores, points = [], []
    for line in lines:
        white_points = {"2-0": 1.0, "1-1": 0.5, "0-2": 0.0}[line["result"]]
        mover_is_white = line["start_fen"].startswith("W")
        for move in line["moves"]:
            if "score" in move:
                scores.append(move["score"])
                points.append(white_points if mover_is_white else 1 - white_points)
            mover_is_white = not mover_is_white
    scores, points = numpy.array(scores), numpy.array(points)

    def loss(k):
        return float(numpy.mean((points - 1 / (1 + 10 ** (-k * scores))) ** 2))

    k = figures["k"]
    assert 0 < k < 4
    assert figures["loss"] == pytest.approx(loss(k))
    assert figures["tuner_k"] == pytest.approx(4000 * k / 1000)
    for other in [k * 0.9, k * 1.1, k - 0.01, k + 0.01]:
        assert loss(other) >= loss(k)


def test_the_plot_is_a_png(folder, tmp_path):
    require_package("pandas")
    require_package("matplotlib")
    png = tmp_path / "elo.png"
    completed = run_example(folder, "--plot", png)
    assert completed.returncode == 0, completed.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "pentanomial" in completed.stdout and f"plot: {png}" in completed.stdout


@pytest.mark.parametrize("args, message", [
    (["{missing}"], "{missing}: not a results folder (no games.jsonl)"),
    (["{folder}", "--engine", "nobody"], "no engine 'nobody' in {folder} (engines: default, tuned)"),
])
def test_bad_input_exits_with_status_2_and_a_message(folder, tmp_path, args, message):
    require_package("pandas")
    names = {"missing": tmp_path / "missing", "folder": folder}
    completed = run_example(*[arg.format(**names) for arg in args])
    assert completed.returncode == 2
    assert completed.stderr.strip() == "match_analysis: " + message.format(**names)
