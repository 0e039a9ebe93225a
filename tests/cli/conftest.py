"""Fixtures for the CLI tests: run the real `kvguard` in a subprocess on real files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
BUGGY = (EXAMPLES / "buggy_backend.py").read_text(encoding="utf-8")
CLEAN = (EXAMPLES / "clean_backend.py").read_text(encoding="utf-8")
# Findings the bundled buggy example gives with the default rules.
BUGGY_CODES = ["KVG001", "KVG003", "KVG002"]


@dataclass
class Run:
    rc: int
    out: str
    err: str
    stdout_bytes: bytes

    def __repr__(self) -> str:  # shown by pytest on failure
        return f"Run(rc={self.rc}, out={self.out[-2000:]!r}, err={self.err[-2000:]!r})"


def run_kvguard(*args: str, cwd: Path, stdin: bytes | None = None, env: dict | None = None) -> Run:
    full_env = dict(os.environ)
    full_env.pop("KVGUARD_OUTPUT_FORMAT", None)
    full_env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), full_env.get("PYTHONPATH")) if p
    )
    if env:
        full_env.update(env)
    proc = subprocess.run(
        [sys.executable, "-m", "lint_rules", *args],
        cwd=cwd,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env=full_env,
        timeout=300,
    )
    return Run(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
        proc.stdout,
    )


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


def write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def copy_examples(root: Path) -> None:
    for name in ("buggy_backend.py", "clean_backend.py"):
        shutil.copy(EXAMPLES / name, root / name)


def fixer_available() -> bool:
    return (REPO / "lint_rules" / "fixer.py").exists()


# Tests of fixes need the lead's lint_rules/fixer.py; they run as soon as it lands.
needs_fixer = pytest.mark.skipif(
    not fixer_available(), reason="lint_rules/fixer.py has not landed yet"
)
