"""A logistic model fitted with numpy to a tuning data set's evaluation features, beside
`draughts tune` on the same data: the matrix the tuner fits (draughts_toolkit.data), the
sigmoid's K fitted on the starting weights, then full-batch Adam on the mean squared error, as
docs/tuning.md describes the tuner; the losses and the weights that moved most are printed next
to the tune run's.

    PYTHONPATH=build/release/python python3 examples/python/fit_dataset.py TUNE_FOLDER [--json]

TUNE_FOLDER is the results folder of a finished `draughts tune` run (its config.yaml names the
data set, the starting weights, the epochs and the learning rate; run it with `holdout: 0` and
`batch_size: 0`, so both fits see every position in every step). Needs numpy, scipy and yaml (Debian's,
scripts/install-deps). docs/python.md shows a run; tests/python/test_fit_example.py runs this.
"""

import argparse
import json
import math
import pathlib
import sys

import numpy

import draughts_toolkit as dt
from draughts_toolkit import data

LN10 = math.log(10.0)


def sigmoid(k, e):
    """The tuner's 1 / (1 + 10^(-K e / 4000)), e in engine units (a man is 1000)."""
    return 1.0 / (1.0 + numpy.power(10.0, -k * e / 4000.0))


def mse(k, e, y):
    return float(numpy.mean((y - sigmoid(k, e)) ** 2))


def fit_k(e, y):
    """The K minimising the loss of the starting evaluations (scipy's bounded scalar search)."""
    import scipy.optimize

    fitted = scipy.optimize.minimize_scalar(lambda k: mse(k, e, y), bounds=(0.0, 10.0),
                                            method="bounded", options={"xatol": 1e-9})
    return float(fitted.x)


def adam(X, y, w, k, epochs, rate, beta1=0.9, beta2=0.999, epsilon=1e-8):
    """Full-batch Adam on the mean squared error; returns the weights and the loss per epoch."""
    m = numpy.zeros_like(w)
    v = numpy.zeros_like(w)
    losses = []
    for t in range(1, epochs + 1):
        p = sigmoid(k, X @ w)
        # d/dw of mean((y - p)^2): p' = p (1 - p) ln(10) K / 4000 times each row's coefficients.
        g = X.T @ (-2.0 * (y - p) * p * (1.0 - p) * LN10 * k / 4000.0) / len(y)
        m = beta1 * m + (1.0 - beta1) * g
        v = beta2 * v + (1.0 - beta2) * g * g
        w = w - rate * (m / (1.0 - beta1**t)) / (numpy.sqrt(v / (1.0 - beta2**t)) + epsilon)
        losses.append(mse(k, X @ w, y))
    return w, losses


def tune_settings(folder):
    """The data set, starting weights, epochs and learning rate of a tune run's config.yaml."""
    import yaml

    config = yaml.safe_load((folder / "config.yaml").read_text())
    wanted_settings = (("holdout", 0), ("batch_size", 0), ("loss", "mse"),
                       ("learning_rate_decay", 1), ("l2", 0), ("freeze", []))
    for key, wanted in wanted_settings:
        if config.get(key) != wanted:
            raise ValueError(f"{folder}: this example compares runs with {key}: {wanted}, "
                             f"the run has {config.get(key)}")
    return config


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tune_folder", type=pathlib.Path, help="a `draughts tune` results folder")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    folder = options.tune_folder
    try:
        config = tune_settings(folder)
        summary = json.loads((folder / "summary.json").read_text())
        variant = config["variant"]
        start = (dt.Weights.load(config["start_weights"], variant) if config["start_weights"]
                 else dt.Weights.material_only(variant))
        quiet = dt.Weights.load(config["quiet_weights"], variant) if config["quiet_weights"] else start
        tuned = dt.Weights.load(folder / "weights.yaml", variant)
        X, y = data.matrix(config["data"], quiet_weights=quiet, variant=variant)
    except (OSError, ValueError) as error:  # dt.InputError is a ValueError, dt.FileError an OSError
        print(f"fit_dataset: {error}", file=sys.stderr)
        return 2

    w0 = numpy.asarray(start.values(), dtype=numpy.float64)
    k = fit_k(X @ w0, y)
    w, losses = adam(X, y, w0, k, int(config["epochs"]), float(config["learning_rate"]))
    moved = numpy.argsort(-numpy.abs(w - w0))[:5]
    figures = {
        "positions": int(X.shape[0]),
        "parameters": int(X.shape[1]),
        "k": k,
        "tune_k": summary["k"],
        "start_loss": mse(k, X @ w0, y),
        "tune_start_loss": summary["start_train_loss"],
        "loss": losses[-1],
        "tune_loss": summary["train_loss"],
        # The tuner writes integer weights: its rounded weights' loss on this matrix.
        "tune_rounded_loss": mse(summary["k"], X @ numpy.asarray(tuned.values(), float), y),
        "weights": [{"name": start.name(int(i)), "start": float(w0[i]), "numpy": float(w[i]),
                     "tune": tuned[int(i)]} for i in moved],
    }
    if options.json:
        print(json.dumps(figures))
        return 0
    print(f"{figures['positions']} positions x {figures['parameters']} parameters")
    print(f"K: numpy {k:.4f}, draughts tune {summary['k']:.4f}")
    print(f"loss at the start: numpy {figures['start_loss']:.8f}, "
          f"draughts tune {figures['tune_start_loss']:.8f}")
    print(f"loss after {config['epochs']} epochs: numpy {figures['loss']:.8f}, draughts tune "
          f"{figures['tune_loss']:.8f} ({figures['tune_rounded_loss']:.8f} rounded)")
    print("weights that moved most (start -> numpy, draughts tune):")
    for row in figures["weights"]:
        print(f"  {row['name']:<24} {row['start']:8.0f} -> {row['numpy']:9.1f}, {row['tune']:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
