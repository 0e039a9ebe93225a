"""Baseline files (lint_rules/baseline.py): fingerprints that survive line moves, on a real release."""

from __future__ import annotations

import json
import os
from pathlib import Path

from lint_rules.baseline import fingerprints
from lint_rules.model import Finding, Location

from .conftest import ATTENTION, kv

TRITON = f"{ATTENTION}/triton_backend.py"
TRTLLM = f"{ATTENTION}/trtllm_mha_backend.py"
FLASHINFER = f"{ATTENTION}/flashinfer_backend.py"


def findings(root: Path, *extra: str) -> list[dict]:
    run = kv("check", "--output-format", "json", *extra, "sglang", cwd=root)
    assert run.rc in (0, 1), run
    items = json.loads(run.out)
    for f in items:  # JSON filenames are absolute
        f["filename"] = Path(os.path.relpath(f["filename"], root)).as_posix()
    return items


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_write_then_check_on_a_release_tree(legacy_tree):
    before = findings(legacy_tree)
    assert len(before) >= 5  # this release has a handful of real findings
    run = kv("check", "--write-baseline", "kvg-baseline.json", "sglang", cwd=legacy_tree)
    assert run.rc == 0, run
    doc = json.loads((legacy_tree / "kvg-baseline.json").read_text(encoding="utf-8"))
    assert len(doc["findings"]) == len(before)
    assert {(e["path"], e["code"], e["line"]) for e in doc["findings"]} == {
        (f["filename"], f["code"], f["location"]["row"]) for f in before
    }
    clean = kv("check", "--baseline", "kvg-baseline.json", "sglang", cwd=legacy_tree)
    assert clean.rc == 0, clean
    assert f"{len(before)} findings accepted by baseline" in clean.err
    assert "stale" not in clean.err


def test_line_moves_and_reformatting_keep_it_clean_new_code_fails_removed_code_is_stale(
    legacy_tree,
):
    assert kv("check", "--write-baseline", "b.json", "sglang", cwd=legacy_tree).rc == 0
    # Move every line of two files down, reformat one flagged statement onto one line (with a
    # comment), and swap the order of two methods in a third file.
    edit(legacy_tree / FLASHINFER, '"""', '# moved\nimport os\n\n"""')
    edit(
        legacy_tree / TRTLLM,
        "self.use_sliding_window_kv_pool = isinstance(\n            allocator, SWATokenToKVPoolAllocator\n        )",
        "self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)  # why",
    )
    edit(legacy_tree / TRTLLM, "\n", "\n\n\n", 3)
    assert findings(legacy_tree, "--baseline", "b.json") == []

    # A new buggy line fails, and only it.
    edit(
        legacy_tree / TRITON,
        '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):',
        "    _x = token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indptr)\n"
        '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):',
    )
    new = findings(legacy_tree, "--baseline", "b.json")
    assert [(f["filename"], f["code"]) for f in new] == [(TRITON, "KVG002")]
    assert (
        "_x = token_to_kv_pool_allocator"
        in (legacy_tree / TRITON)
        .read_text(encoding="utf-8")
        .splitlines()[new[0]["location"]["row"] - 1]
    )

    # A removed site is reported as stale (stderr), without changing the exit status.
    edit(
        legacy_tree / TRTLLM,
        "allocator.get_kvcache() if self.use_sliding_window_kv_pool else None",
        "None",
    )
    run = kv("check", "--baseline", "b.json", "sglang", cwd=legacy_tree)
    assert run.rc == 1  # the new finding
    assert "1 stale baseline entry" in run.err
    assert f"{TRTLLM}:" in run.err and "KVG003 in TRTLLMHAAttnBackend.__init__" in run.err


def test_configured_baseline_and_removed_file(legacy_tree):
    assert kv("check", "--write-baseline", "b.json", "sglang", cwd=legacy_tree).rc == 0
    (legacy_tree / "pyproject.toml").write_text(
        '[tool.kvguard]\nbaseline = "b.json"\n', encoding="utf-8"
    )
    sub = legacy_tree / ATTENTION
    assert kv("check", ".", cwd=sub).rc == 0  # found by config discovery, from a subdirectory
    (legacy_tree / TRITON).unlink()
    run = kv("check", ".", cwd=sub)
    assert run.rc == 0
    assert "stale baseline entr" in run.err and "triton_backend.py" in run.err


def test_write_baseline_keeps_entries_of_files_not_linted(legacy_tree):
    assert kv("check", "--write-baseline", "b.json", "sglang", cwd=legacy_tree).rc == 0
    every = json.loads((legacy_tree / "b.json").read_text(encoding="utf-8"))["findings"]
    assert kv("check", "--write-baseline", "b.json", TRITON, cwd=legacy_tree).rc == 0
    again = json.loads((legacy_tree / "b.json").read_text(encoding="utf-8"))["findings"]
    assert again == every


def test_bad_uses_exit_2(legacy_tree):
    missing = kv("check", "--baseline", "nope.json", "sglang", cwd=legacy_tree)
    assert missing.rc == 2 and "does not exist" in missing.err and "--write-baseline" in missing.err
    (legacy_tree / "bad.json").write_text('{"findings": []}', encoding="utf-8")
    bad = kv("check", "--baseline", "bad.json", "sglang", cwd=legacy_tree)
    assert bad.rc == 2 and "not a kvguard baseline" in bad.err
    both = kv("check", "--fix", "--write-baseline", "b.json", "sglang", cwd=legacy_tree)
    assert both.rc == 2 and "cannot be combined" in both.err
    assert not (legacy_tree / "b.json").exists()
    stdin = kv("check", "--baseline", "bad.json", "--stdin-filename", "x.py", cwd=legacy_tree)
    assert stdin.rc == 2 and "stdin" in stdin.err
    (legacy_tree / "pyproject.toml").write_text("[tool.kvguard]\nbaseline = 3\n", encoding="utf-8")
    conf = kv("check", "sglang", cwd=legacy_tree)
    assert conf.rc == 2 and "'baseline' must be a non-empty string" in conf.err


def _finding(row: int, col: int, code: str = "KVG001", context: str = "B.f") -> Finding:
    return Finding(code, "m", Location(row, col), Location(row, col + 1), context)


def test_fingerprint_normalises_layout_and_counts_occurrences():
    a = "def f():\n    x = g(alloc,   'a')  # c\n    if isinstance(alloc, S):\n        y = 1\n"
    b = (
        'def f():\n\n    x = g(\n        alloc, "a"\n    )\n'
        "    if isinstance(alloc, S):  # noqa: KVG001\n        y = 2\n        z = 3\n"
    )
    fa = fingerprints("p.py", a, [_finding(2, 11), _finding(3, 8)])
    fb = fingerprints("p.py", b, [_finding(4, 9), _finding(6, 8)])
    assert fa == fb
    assert fa[1].statement == "if isinstance(alloc, S):"  # the header, not the body
    dup = "def f():\n    x = g(alloc)\n    x = g(alloc)\n"
    fd = fingerprints("p.py", dup, [_finding(3, 11), _finding(2, 11)])
    assert [fp.occurrence for fp in fd] == [1, 0]
    assert fd[0].statement == fd[1].statement == "x = g(alloc)"
