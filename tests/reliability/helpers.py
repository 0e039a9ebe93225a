"""Shared helpers of the reliability tests: the real CLI in a subprocess, tree snapshots."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from tests.support.cli import (  # noqa: F401  (re-exported for the reliability tests)
    BUGGY,
    BUGGY_CODES,
    CLEAN,
    EXAMPLES,
    REPO,
    Run,
    cli_env,
    kvguard,
    write,
)

DEFAULT_CODES = frozenset({"KVG001", "KVG002", "KVG003"})


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
