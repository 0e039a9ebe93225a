"""``python -m lint_rules`` == ``kvguard``."""

from . import protect_sys_path

# `python -m` puts the working directory first on sys.path; a linted project's own
# `argparse.py`, `libcst.py` or `tomllib.py` must never be imported (let alone run) by the
# linter. Done before importing anything else (os and sys are loaded by the interpreter).
protect_sys_path()

from .cli import entry  # noqa: E402

if __name__ == "__main__":
    entry()
