"""Corpus round-trip (benchmarks/roundtrip.py): `kvguard fix` over whole sglang releases.

* slow: the 12 default releases (cached by benchmarks/sglang_wheels.py): zero crashes or
  failures, every unchanged file byte-identical, every fixed file compiles, re-lints as the
  fixer says and stays fixed; the fix path is really exercised (some files are fixed).
* fast: the harness itself, on a small sglang-shaped tree: it counts right, and it catches a
  "fixer" that tampers with an unchanged file, drops a stray file or writes a wrong fix.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import BUGGY, CLEAN, REPO, cli_env, write

sys.path.insert(0, str(REPO / "benchmarks"))

import roundtrip  # noqa: E402


@pytest.fixture
def mini_tree(tmp_path: Path) -> Path:
    tree = tmp_path / "release"
    write(tree, "sglang/version.py", '__version__ = "0.5.12.post1"\n')
    write(
        tree,
        "sglang/srt/speculative/spec_info.py",
        "def is_frozen_kv_mtp(self):\n    return False\n",
    )
    write(tree, "sglang/srt/mem_cache/swa_memory_pool.py", "class SWAKVPool:\n    pass\n")
    write(tree, "sglang/srt/layers/attention/toy_backend.py", BUGGY)
    write(tree, "sglang/srt/layers/attention/clean_backend.py", CLEAN)
    write(
        tree,
        "sglang/srt/mem_cache/allocator.py",
        "class A:\n    token_to_kv_pool_allocator = None\n",
    )
    write(tree, "sglang/README.md", "not python\n")
    for i in range(19):
        write(tree, f"sglang/srt/util_{i}.py", f"VALUE_{i} = {i}\n")
    return tree


def test_harness_counts_a_small_tree(mini_tree):
    row = roundtrip.roundtrip_tree("mini", mini_tree)
    assert row.failures == [], row.failures
    assert row.files == 25 and row.fixed_files == 1 and row.unchanged == 24
    assert row.findings == 3 and row.fixes == 3 and row.remaining == 0 and row.cli_rc == 0


TAMPER = r"""
import os, pathlib, subprocess, sys
rc = subprocess.run([sys.executable, "-m", "lint_rules", "fix", "--no-cache", "--isolated", "--output-format", "json", "."]).returncode
MODE = sys.argv[1]
if MODE == "touch-unchanged":
    p = pathlib.Path("sglang/srt/util_3.py"); p.write_bytes(p.read_bytes() + b"\n")
elif MODE == "stray":
    pathlib.Path("sglang/srt/.kvguard-x.tmp").write_bytes(b"")
elif MODE == "wrong-fix":
    p = pathlib.Path("sglang/srt/layers/attention/toy_backend.py"); p.write_bytes(p.read_bytes().replace(b"\n", b"\r\n"))
elif MODE == "crlf-unchanged":
    p = pathlib.Path("sglang/srt/layers/attention/clean_backend.py"); p.write_bytes(p.read_bytes().replace(b"\n", b"\r\n"))
sys.exit(rc)
"""


@pytest.mark.parametrize(
    "mode, fragment",
    [
        ("touch-unchanged", "sglang/srt/util_3.py: changed although nothing was to be fixed"),
        ("stray", "sglang/srt/.kvguard-x.tmp: stray file"),
        ("wrong-fix", "sglang/srt/layers/attention/toy_backend.py: differs from the expected fix"),
        ("crlf-unchanged", "clean_backend.py: changed although nothing was to be fixed"),
    ],
)
def test_harness_catches_a_tampering_fixer(mini_tree, tmp_path, mode, fragment):
    script = tmp_path / "tamper.py"
    script.write_text(TAMPER, encoding="utf-8")
    row = roundtrip.roundtrip_tree("mini", mini_tree, cli=[sys.executable, str(script), mode])
    assert any(fragment in f for f in row.failures), row.failures


@pytest.mark.slow
def test_roundtrip_over_twelve_releases():
    """The benchmark itself, as CI runs it (prints the table; exit 0 only without failures)."""
    proc = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "roundtrip.py")],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=1500,
    )
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-5000:]
    table = proc.stdout.splitlines()
    rows = [ln.split() for ln in table[1:] if ln and ln.split()[0][0].isdigit()]
    assert len(rows) >= 10, table
    total = next(ln.split() for ln in table if ln.startswith("total"))
    files, parsed, findings, fixes, fixed_files, remaining, unchanged, failures = map(
        int, total[1:9]
    )
    assert failures == 0
    assert files > 20000 and findings > 0 and fixes > 0 and fixed_files > 0
    assert unchanged == files - fixed_files
    assert findings == fixes + remaining
