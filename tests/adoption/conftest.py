"""Fixtures for the adoption tests (baseline, --add-noqa): a real old sglang release tree."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.support.cli import REPO, Run, kvguard

sys.path.insert(0, str(REPO / "benchmarks"))
import sglang_wheels  # noqa: E402

RELEASE = "0.5.12.post1"
ATTENTION = "sglang/srt/layers/attention"


def kv(*args: str, cwd: Path) -> Run:
    return kvguard(*args, cwd=cwd)


@pytest.fixture
def legacy_tree(tmp_path: Path) -> Path:
    """A writable copy of sglang 0.5.12.post1's attention backends (the PyPI release), in a
    project whose pyproject.toml has no [tool.kvguard] table (all defaults)."""
    tree = sglang_wheels.ensure_tree(RELEASE, quiet=True)
    root = tmp_path / "fork"
    shutil.copytree(tree / ATTENTION, root / ATTENTION)
    (root / "pyproject.toml").write_text("[project]\nname = 'fork'\n", encoding="utf-8")
    return root
