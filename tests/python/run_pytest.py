"""Runs one pytest file for ctest: exits 77 (which ctest reports as skipped) when pytest or the
module cannot be imported, unless DRAUGHTS_REQUIRE_PYTHON=1, under which that is a failure."""

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

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
