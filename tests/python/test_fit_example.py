"""examples/python/fit_dataset.py beside a real `draughts tune` run on a data set of `draughts
datagen`: the numpy fit finds the tuner's K and starting loss, ends at its loss, and moves the
weights as the tuner moves them; a folder that is not a tune run gets exit status 2."""

import json
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, require_package, run_cli

SCRIPT = SOURCE_DIR / "examples" / "python" / "fit_dataset.py"


@pytest.fixture(scope="module")
def tune_folder(tmp_path_factory):
    """A full-batch tune run of 30 epochs, no hold-out, on 400 positions of 40 self-play games."""
    for package in ("numpy", "scipy", "yaml"):
        require_package(package)
    root = tmp_path_factory.mktemp("fit")
    run_cli("datagen", SOURCE_DIR / "configs" / "tuning" / "datagen-example.yaml", "--games", 40,
            "--nodes", 300, "--output", root / "datagen", "--quiet", check=True)
    run_cli("tune", SOURCE_DIR / "configs" / "tuning" / "example.yaml",
            "--set", f"data={root / 'datagen' / 'positions.txt'}", "--set", "epochs=30",
            "--set", "holdout=0", "--set", f"output={root / 'tune'}", check=True)
    return root / "tune"


def run_example(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True, timeout=300)


def test_the_numpy_fit_agrees_with_draughts_tune(tune_folder):
    completed = run_example(tune_folder, "--json")
    assert completed.returncode == 0, completed.stderr
    figures = json.loads(completed.stdout)
    assert figures["positions"] == json.loads((tune_folder / "summary.json").read_text())["train"]
    assert figures["k"] == pytest.approx(figures["tune_k"], rel=1e-4)
    assert figures["start_loss"] == pytest.approx(figures["tune_start_loss"], rel=1e-9)
    assert figures["loss"] < figures["start_loss"]
    assert figures["loss"] == pytest.approx(figures["tune_loss"], rel=1e-4)
    assert figures["tune_rounded_loss"] == pytest.approx(figures["tune_loss"], rel=1e-2)
    for weight in figures["weights"]:
        assert weight["numpy"] != weight["start"], weight
        assert abs(weight["numpy"] - weight["tune"]) <= 1.0, weight  # the tuner rounds


def test_the_text_output_names_both_fits(tune_folder):
    completed = run_example(tune_folder)
    assert completed.returncode == 0, completed.stderr
    assert "draughts tune" in completed.stdout and "numpy" in completed.stdout


def test_a_folder_that_is_not_a_tune_run_is_refused(tmp_path):
    require_package("yaml")
    completed = run_example(tmp_path)
    assert completed.returncode == 2
    assert completed.stderr.startswith("fit_dataset: ")
