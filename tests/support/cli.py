"""Helpers shared by the CLI and reliability tests: the real `kvguard` CLI in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
BUGGY = (EXAMPLES / "buggy_backend.py").read_text(encoding="utf-8")
CLEAN = (EXAMPLES / "clean_backend.py").read_text(encoding="utf-8")
# Findings the bundled buggy example gives with the default rules, in report order.
BUGGY_CODES = ["KVG001", "KVG003", "KVG002"]


@dataclass
class Run:
    rc: int
    out: str
    err: str
    stdout_bytes: bytes

    def __repr__(self) -> str:  # shown by pytest on failure
        return f"Run(rc={self.rc}, out={self.out[-3000:]!r}, err={self.err[-3000:]!r})"


def cli_env(extra: Optional[dict] = None) -> dict:
    """The environment of a CLI run: this checkout importable, no output-format override."""
    env = dict(os.environ)
    env.pop("KVGUARD_OUTPUT_FORMAT", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    env.update(extra or {})
    return env


def kvguard(
    *args: str,
    cwd: Path,
    stdin: Optional[bytes] = None,
    prefix: Sequence[str] = (),
    timeout: float = 300,
    env: Optional[dict] = None,
) -> Run:
    """``python -m lint_rules ARGS`` in ``cwd`` (``prefix``: e.g. a privilege-dropping wrapper)."""
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "lint_rules", *args],
        cwd=cwd,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env=cli_env(env),
        timeout=timeout,
    )
    return Run(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
        proc.stdout,
    )


def write(root: Path, rel: str, content) -> Path:
    """Write text (UTF-8, newlines as given) or bytes to ``root/rel``, creating directories."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    return path
