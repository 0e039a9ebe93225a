"""Acceptance of the autofix on real sglang releases from PyPI (slow: wheels are cached).

* The real ``trtllm_mha_backend.py`` of 0.5.9 and 0.5.12.post1, fixed by kvguard, is loaded in
  place of the original into the real sglang of that version (CPU environments from
  ``scripts/setup_sglang_envs.sh``) and must resolve the SWA pool and flag right in every
  speculative configuration (``tests/support/trtllm_oracle.py``); the original file must fail
  the EAGLE-draft case.
* ``kvguard fix`` over every file of the 0.5.12.post1 and 0.5.23 trees: files without findings
  stay byte-identical, fixed files pass the safety net and ``black --check`` where the original
  did.
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lint_rules.fixer import fix_text
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

pytestmark = pytest.mark.slow
TRTLLM = "sglang/srt/layers/attention/trtllm_mha_backend.py"
ORACLE = REPO / "tests" / "support" / "trtllm_oracle.py"


def _overlay(version: str):
    """PYTHONPATH overlay of an older sglang over the .venv (None: the .venv's own 0.5.23)."""
    if version == "0.5.23":
        return None
    cache = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard"))
    overlay = cache / "envs" / f"sglang-{version}"
    assert (
        overlay.is_dir()
    ), f"{overlay} missing: run scripts/setup_sglang_envs.sh (the README's test command does)"
    return overlay


def _oracle(version: str, trtllm_file=None) -> dict:
    env = dict(os.environ)
    overlay = _overlay(version)
    if overlay is not None:
        env["PYTHONPATH"] = str(overlay)
    cmd = [sys.executable, str(ORACLE)]
    if trtllm_file is not None:
        cmd += ["--trtllm-file", str(trtllm_file)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["sglang"] == version, report
    return report


def _case(report: dict, name: str) -> dict:
    return next(c for c in report["cases"] if c["name"] == name)


@pytest.mark.sglang
@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1"])
def test_fixed_trtllm_passes_the_oracle_with_real_sglang(version, tmp_path):
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    original = tree / TRTLLM
    text = original.read_text(encoding="utf-8")
    out = fix_text(text, str(original), default_codes(), ScopeConfig())
    assert out.error is None, out.error
    assert sorted(f.code for f in out.fixed) == ["KVG001", "KVG003"]
    assert out.target.startswith(f"sglang {version} (detected from")

    before = _oracle(version, original)
    assert not before["all_ok"]
    assert not _case(before, "eagle_draft")["ok"], "the original must show the #25103 bug"

    fixed = tmp_path / "trtllm_mha_backend.py"
    fixed.write_text(out.new_text, encoding="utf-8")
    after = _oracle(version, fixed)
    assert after["all_ok"], json.dumps(after, indent=1)
    names = {c["name"] for c in after["cases"]}
    assert {"target_swa", "target_full", "eagle_draft", "nondraft_spec"} <= names
    if version == "0.5.12.post1":
        assert _case(after, "frozen_kv_draft")["swa_pool"] == "target"


@pytest.mark.sglang
def test_the_released_fix_passes_the_oracle_and_is_left_alone():
    report = _oracle("0.5.23")
    assert report["all_ok"], json.dumps(report, indent=1)
    tree = sglang_wheels.ensure_tree("0.5.23", quiet=True)
    text = (tree / TRTLLM).read_text(encoding="utf-8")
    assert fix_text(text, str(tree / TRTLLM), default_codes(), ScopeConfig()).new_text is text


def _black_ok(path: Path) -> bool:
    return (
        subprocess.run([sys.executable, "-m", "black", "-q", "--check", str(path)]).returncode == 0
    )


@pytest.mark.parametrize(
    "version,expected_changed",
    [("0.5.12.post1", {TRTLLM}), ("0.5.23", set())],
)
def test_fix_whole_tree(version, expected_changed, tmp_path):
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    work = tmp_path / "tree"
    shutil.copytree(tree / "sglang", work / "sglang")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "lint_rules",
            "fix",
            "--no-cache",
            "--output-format",
            "json",
            str(work),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode in (0, 1), proc.stderr[-3000:]  # 2 would be a failed safety net
    changed = set()
    files = 0
    for path in (work / "sglang").rglob("*.py"):
        files += 1
        rel = path.relative_to(work).as_posix()
        if not filecmp.cmp(path, tree / rel, shallow=False):
            changed.add(rel)
    assert files > 1000
    assert changed == expected_changed
    for rel in changed:
        if _black_ok(tree / rel):
            assert _black_ok(work / rel), rel
