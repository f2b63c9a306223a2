"""Shared set-up of the Python tests (run by ctest, label python; see tests/CMakeLists.txt).

Where things are comes from the environment ctest sets: DRAUGHTS_BUILD_DIR (the `draughts`
program and the mock engines), DRAUGHTS_SOURCE_DIR (the repository) and DRAUGHTS_SHARED_DIR
(the reference texts and games; default <repo>/../shared). A missing optional package or shared
file skips the tests that need it, unless DRAUGHTS_REQUIRE_PYTHON=1 (packages) or
DRAUGHTS_REQUIRE_SHARED=1 (shared files) makes that a failure, as in CI.
"""

import importlib
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(
    os.environ.get("DRAUGHTS_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2])
)
BUILD_DIR = pathlib.Path(os.environ.get("DRAUGHTS_BUILD_DIR", SOURCE_DIR / "build" / "release"))
SHARED_DIR = pathlib.Path(os.environ.get("DRAUGHTS_SHARED_DIR") or SOURCE_DIR.parent / "shared")


def _required(variable):
    return os.environ.get(variable) == "1"


def require_package(name):
    """Imports an optional package (numpy, scipy, pandas, ...), or skips the test without it
    (fails under DRAUGHTS_REQUIRE_PYTHON=1)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        message = f"Python package {name} is not installed ({error}); scripts/install-deps installs it"
        if _required("DRAUGHTS_REQUIRE_PYTHON"):
            pytest.fail(message + "; DRAUGHTS_REQUIRE_PYTHON=1 makes this an error")
        pytest.skip(message)


def shared_file(relative):
    """The path of a file of the shared folder, or a skip (a failure under
    DRAUGHTS_REQUIRE_SHARED=1) when it is missing."""
    path = SHARED_DIR / relative
    if not path.exists():
        message = f"shared file {relative} not found in {SHARED_DIR} (set DRAUGHTS_SHARED_DIR)"
        if _required("DRAUGHTS_REQUIRE_SHARED"):
            pytest.fail(message + "; DRAUGHTS_REQUIRE_SHARED=1 makes this an error")
        # Also when called while the tests are collected (reference tables as parameters).
        pytest.skip(message, allow_module_level=True)
    return path


def draughts_program():
    """The `draughts` program of this build."""
    path = BUILD_DIR / "draughts"
    if not path.exists():
        pytest.fail(f"{path} is missing: build the `draughts` target")
    return path


def mock_engine(name):
    """A mock engine program of tests/mocks, built with the C++ tests."""
    path = BUILD_DIR / "mocks" / name
    if not path.exists():
        pytest.fail(f"{path} is missing: build the mock engines (any *_tests target)")
    return path


def run_cli(*args, check=False):
    """Runs the `draughts` program; returns the completed process (text output)."""
    return subprocess.run(
        [str(draughts_program()), *map(str, args)],
        capture_output=True,
        text=True,
        check=check,
        timeout=300,
    )


def cli_error(*args):
    """The message the `draughts` program prints for a failing command, without its
    "draughts COMMAND: " prefix; the command must exit with status 2."""
    completed = run_cli(*args)
    assert completed.returncode == 2, completed
    line = completed.stderr.strip().splitlines()[-1]
    prefix = f"draughts {args[0]}: "
    assert line.startswith(prefix), line
    return line[len(prefix):]


def small_match(out, games=4):
    """Plays `games` games of the default match configuration at 300 nodes a move into the
    results folder `out`; returns `out`."""
    run_cli("match", SOURCE_DIR / "configs" / "matches" / "default.yaml", "--games", games,
            "--concurrency", 1, "--nodes", 300, "--output", out, "--quiet", check=True)
    return out
