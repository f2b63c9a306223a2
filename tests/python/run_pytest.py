"""Runs one pytest file for ctest: exits 77 (which ctest reports as skipped) when pytest or the
module cannot be imported, unless DRAUGHTS_REQUIRE_PYTHON=1, under which that is a failure; and
77 when the file's tests were all skipped at collection (a module that needs ../shared without
it: conftest.py fails instead under DRAUGHTS_REQUIRE_SHARED=1)."""

import os
import sys


def missing(what):
    message = f"run_pytest: {what}; scripts/install-deps installs what the Python tests need"
    if os.environ.get("DRAUGHTS_REQUIRE_PYTHON") == "1":
        print(message + "; DRAUGHTS_REQUIRE_PYTHON=1 makes this an error", file=sys.stderr)
        sys.exit(1)
    print(message + " (skipped)", file=sys.stderr)
    sys.exit(77)


try:
    import pytest
except ImportError as error:
    missing(f"pytest is not installed ({error})")
try:
    import draughts_toolkit  # noqa: F401
except ImportError as error:
    missing(f"the draughts_toolkit module cannot be imported ({error})")

status = pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]])
sys.exit(77 if status == pytest.ExitCode.NO_TESTS_COLLECTED else status)
