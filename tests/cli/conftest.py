"""Fixtures for the CLI tests: run the real `kvguard` in a subprocess on real files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.cli import BUGGY, BUGGY_CODES, CLEAN, EXAMPLES, REPO, Run, kvguard, write

__all__ = ["BUGGY", "BUGGY_CODES", "CLEAN", "EXAMPLES", "REPO", "Run", "write"]


def run_kvguard(*args: str, cwd: Path, stdin: bytes | None = None, env: dict | None = None) -> Run:
    return kvguard(*args, cwd=cwd, stdin=stdin, env=env)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project root (has a pyproject.toml so config discovery stops here)."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def kv(project: Path):
    def _run(
        *args: str, stdin: bytes | None = None, env: dict | None = None, cwd: Path | None = None
    ) -> Run:
        return run_kvguard(*args, cwd=cwd or project, stdin=stdin, env=env)

    return _run


def copy_examples(root: Path) -> None:
    for name in ("buggy_backend.py", "clean_backend.py"):
        shutil.copy(EXAMPLES / name, root / name)


def fixer_available() -> bool:
    return (REPO / "lint_rules" / "fixer.py").exists()


# Tests of fixes need the lead's lint_rules/fixer.py; they run as soon as it lands.
needs_fixer = pytest.mark.skipif(
    not fixer_available(), reason="lint_rules/fixer.py has not landed yet"
)
