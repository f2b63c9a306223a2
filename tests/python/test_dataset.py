"""Data sets and the coefficient matrix `draughts tune` fits: shapes, the zero-copy views of the
tuner's store, each row against the engine's own static evaluation, the results, and errors."""

import random

import pytest

import draughts_toolkit as dt
from conftest import cli_error, require_package

RESULTS = ("1", "0.5", "0")


def write_dataset(path, variant, games=6, plies=30, seed=7):
    """A text data set of positions of random games of `variant`, labelled 1, 0.5 or 0."""
    rng = random.Random(seed)
    lines = [] if variant == "international" else [f"# variant: {variant}"]
    for game in range(games):
        board = dt.Board(variant=variant)
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            lines.append(f"{board.fen()} {RESULTS[game % 3]} ply={ply + 1}")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module", params=["international", "russian"])
def dataset(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / f"{request.param}.txt"
    return dt.Dataset.load(write_dataset(path, request.param))


def test_samples_and_their_results(dataset):
    np = require_package("numpy")
    assert len(dataset) > 100
    assert set(np.unique(dataset.results)) <= {0.0, 0.5, 1.0}
    assert dataset.plies[0] == 1 and dataset.scores[0] is None
    assert dt.Board(dataset.fen(0), variant=dataset.variant).ply == 0


def test_the_matrix_has_a_row_per_kept_sample_and_a_column_per_weight(dataset):
    np = require_package("numpy")
    c = dataset.coefficients()
    rows, columns = c.shape
    assert columns == len(dt.Weights.builtin(dataset.variant))
    assert rows == len(c) == len(c.leaves) == len(c.samples) == len(dataset) - c.game_over
    assert c.indptr.shape == (rows + 1,) and c.indptr[0] == 0
    assert c.indptr[-1] == len(c.indices) == len(c.values)
    assert np.all(np.diff(c.indptr.astype(np.int64)) >= 0)
    assert c.indices.min() >= 0 and c.indices.max() < columns
    assert set(np.unique(c.results)) <= {0.0, 0.5, 1.0}
    assert np.array_equal(c.results, dataset.results[c.samples])
    assert np.array_equal(c.outcomes / 2, c.results)


def test_offsets_and_outcomes_are_views_of_the_store_without_copies(dataset):
    np = require_package("numpy")
    c = dataset.coefficients()
    for name in ("indptr", "outcomes"):
        a, b = getattr(c, name), getattr(c, name)
        assert np.shares_memory(a, b), name  # both views of the same array of the store
        assert a.base is not None and not a.flags.writeable, name


def test_each_row_times_the_weights_is_the_engines_evaluation(dataset):
    np = require_package("numpy")
    weights = dt.Weights.builtin(dataset.variant)
    c = dataset.coefficients()
    w = np.asarray(weights.values(), dtype=np.float64)
    for row, leaf in enumerate(c.leaves):
        begin, end = int(c.indptr[row]), int(c.indptr[row + 1])
        linear = float(np.dot(c.values[begin:end], w[c.indices[begin:end]]))
        board = dt.Board(leaf, variant=dataset.variant)
        white = dt.evaluate(board, weights) * (1 if board.turn == dt.WHITE else -1)
        assert int(np.trunc(linear)) == white, leaf  # truncated as the engine does


def test_scipy_matrix_products_are_the_evaluations(dataset):
    np = require_package("numpy")
    require_package("scipy")
    X, y = dt.data.matrix(dataset)
    c = dataset.coefficients()
    assert X.shape == c.shape and len(y) == X.shape[0]
    w = np.asarray(dt.Weights.builtin(dataset.variant).values(), dtype=np.float64)
    expected = [dt.evaluate(dt.Board(f, variant=dataset.variant)) for f in c.leaves]
    turns = [1 if dt.Board(f, variant=dataset.variant).turn == dt.WHITE else -1 for f in c.leaves]
    assert np.array_equal(np.trunc(X @ w).astype(int), np.multiply(expected, turns))


def test_quiet_weights_of_another_variant_are_refused(dataset):
    other = "russian" if dataset.variant == "international" else "international"
    with pytest.raises(dt.InputError, match="weights of"):
        dataset.coefficients(dt.Weights.builtin(other))


def test_a_bad_line_raises_the_message_of_the_command_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("W:W31-50:B1-20 1\nW:W31-50:B1-20 2.5\n")
    with pytest.raises(dt.InputError) as raised:
        dt.Dataset.load(path)
    assert str(raised.value) == cli_error("dataset", "info", path)
    assert ":2" in str(raised.value)


def test_a_missing_file_raises_file_error(tmp_path):
    with pytest.raises(dt.FileError):
        dt.Dataset.load(tmp_path / "none.txt")


def test_stored_coefficients_are_the_ones_resolved_again(tmp_path):
    np = require_package("numpy")
    from conftest import SOURCE_DIR, run_cli

    text = write_dataset(tmp_path / "d.txt", "international")
    weights = SOURCE_DIR / "configs" / "engines" / "material.yaml"
    run_cli("dataset", "convert", text, tmp_path / "d.bin", "--coefficients", "--weights",
            weights, check=True)
    stored = dt.Dataset.load(tmp_path / "d.bin").coefficients()
    again = dt.Dataset.load(text).coefficients(dt.Weights.load(weights))
    for name in ("indptr", "indices", "values", "outcomes", "phases"):
        assert np.array_equal(getattr(stored, name), getattr(again, name)), name
    assert stored.leaves == again.leaves
