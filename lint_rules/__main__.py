"""``python -m lint_rules`` == ``kvguard``."""

import sys

from .cli import main, protect_sys_path  # noqa: E402

# `python -m` puts the working directory first on sys.path; a linted project's own
# `libcst.py` or `tomllib.py` must never be imported (let alone run) by the linter.
protect_sys_path()

if __name__ == "__main__":
    sys.exit(main())
