"""Tuning data sets as matrices, for fitting one's own model to the toolkit's evaluation
features: the rows `draughts tune` fits (Dataset.coefficients) as a scipy.sparse CSR matrix whose
product with the weights is White's linear evaluation of each row's quiet leaf, and the results.
numpy and scipy are needed only here, and imported when these functions are called.

    import draughts_toolkit as dt
    from draughts_toolkit import data
    X, y = data.matrix("positions.txt")        # X: rows x parameters, y: 0, 0.5, 1
    evaluation = X @ dt.Weights.builtin("international").values()
"""

from __future__ import annotations

import os

from ._core import Coefficients, Dataset, Weights

__all__ = ["csr", "matrix"]


def csr(coefficients: Coefficients):
    """The rows as a scipy.sparse.csr_matrix of shape coefficients.shape. Its data are
    coefficients.values and its indices coefficients.indices (unpacked once); the row offsets
    are the tuner's own array, viewed as int64 (scipy may narrow them to int32, a copy)."""
    import numpy
    import scipy.sparse

    indptr = coefficients.indptr.view(numpy.int64)
    return scipy.sparse.csr_matrix(
        (coefficients.values, coefficients.indices, indptr), shape=coefficients.shape
    )


def matrix(
    dataset: Dataset | str | os.PathLike[str],
    quiet_weights: Weights | None = None,
    variant: str | None = None,
):
    """(X, y) of a data set or a data set file: X the CSR matrix of its rows (csr), y White's
    result of each row (0, 0.5, 1). Samples whose quiet leaf ends the game are left out, as
    `draughts tune` leaves them out."""
    if not isinstance(dataset, Dataset):
        dataset = Dataset.load(dataset, variant=variant)
    coefficients = dataset.coefficients(quiet_weights)
    return csr(coefficients), coefficients.results
