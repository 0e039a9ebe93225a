"""``python -m lint_rules`` == ``kvguard``."""

import os
import sys

# `python -m` puts the working directory first on sys.path; a linted project's own
# `argparse.py`, `libcst.py` or `tomllib.py` must never be imported (let alone run) by the
# linter. Done before importing anything else (os and sys are loaded by the interpreter).
_cwd = os.getcwd()
sys.path[:] = [p for p in sys.path if p not in ("", ".", _cwd)]

from .cli import entry  # noqa: E402

if __name__ == "__main__":
    entry()
