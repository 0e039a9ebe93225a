"""Shared helpers of the reliability tests: the real CLI in a subprocess, tree snapshots."""

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
BUGGY_CODES = ["KVG001", "KVG003", "KVG002"]  # in report order
DEFAULT_CODES = frozenset({"KVG001", "KVG002", "KVG003"})


@dataclass
class Run:
    rc: int
    out: str
    err: str
    stdout_bytes: bytes

    def __repr__(self) -> str:
        return f"Run(rc={self.rc}, out={self.out[-3000:]!r}, err={self.err[-3000:]!r})"


def cli_env(extra: Optional[dict] = None) -> dict:
    env = dict(os.environ)
    env.pop("KVGUARD_OUTPUT_FORMAT", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    env.update(extra or {})
    return env


def kvguard(
    *args: str,
    cwd: Path,
    stdin: bytes = b"",
    prefix: Sequence[str] = (),
    timeout: float = 300,
    env: Optional[dict] = None,
) -> Run:
    """``python -m lint_rules ARGS`` in ``cwd`` (``prefix``: e.g. a privilege-dropping wrapper)."""
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "lint_rules", *args],
        cwd=cwd,
        input=stdin,
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
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    return path


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under ``root`` (links not followed): regular files by bytes and mode,
    links by target, other entries by kind.  Unreadable files are read with their mode
    restored for the read only when we own them (tests run as root or as the owner)."""
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in sorted(dirnames + filenames):
            p = Path(dirpath) / name
            rel = p.relative_to(root).as_posix()
            st = p.lstat()
            if p.is_symlink():
                out[rel] = ("link", os.readlink(p))
            elif p.is_dir():
                out[rel] = ("dir", st.st_mode)
            elif p.is_file():
                try:
                    data = p.read_bytes()
                except PermissionError:
                    data = None
                out[rel] = ("file", st.st_mode, st.st_size, data)
            else:
                out[rel] = ("other", st.st_mode)
    return out


def concise_codes(run: Run, display: str) -> list[str]:
    """Codes reported for ``display`` by ``--output-format concise``."""
    prefix = display + ":"
    return [ln.split()[1] for ln in run.out.splitlines() if ln.startswith(prefix)]


def expected_fix(
    data: bytes, display: str, cwd: Path, codes=DEFAULT_CODES, target: Optional[str] = None
) -> bytes:
    """What `kvguard fix` run in ``cwd`` must write for ``data`` at ``display`` (computed with
    the library's own fixer; ``cwd`` matters: the target version and black's line length are
    looked up from the file's location)."""
    from lint_rules.fixer import fix_text
    from lint_rules.model import ScopeConfig
    from lint_rules.source import decode_source, encode_source

    source = decode_source(data)
    here = os.getcwd()
    os.chdir(cwd)
    try:
        out = fix_text(source.text, display, codes, ScopeConfig(), target, True)
    finally:
        os.chdir(here)
    assert out.error is None, out.error
    return encode_source(out.new_text, source.encoding, source.bom)
