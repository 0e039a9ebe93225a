"""Helpers for the user-facing tests: a clean copy of this checkout, like a fresh clone."""

from __future__ import annotations

import shutil
import socket
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def copy_checkout(dest: Path) -> Path:
    """Copy the tracked and untracked-but-not-ignored files of this checkout to ``dest``."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for rel in filter(None, listing.split("\0")):
        src = REPO / rel
        if src.is_file() and not src.is_symlink():
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


def pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
        return True
    except OSError:
        return False
