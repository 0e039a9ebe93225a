"""Acceptance of the autofix on real sglang releases from PyPI (slow: wheels are cached).

* The real ``trtllm_mha_backend.py`` of 0.5.9 and 0.5.12.post1, fixed by kvguard, is loaded in
  place of the original into the real sglang of that version (CPU environments from
  ``scripts/setup_sglang_envs.sh``) and must resolve the SWA pool and flag right in every
  speculative configuration (``tests/support/trtllm_oracle.py``); the original file must fail
  the EAGLE-draft case.
* ``kvguard fix`` over every file of the 0.5.9, 0.5.12.post1, 0.5.13.post1, sglang-kt 0.7.2 and
  0.5.23 trees: no default finding is left, files without findings stay byte-identical, fixed
  files compile, pass ``black --check`` where the original did, gain no isort change and no
  pyflakes message, and a second ``fix`` changes nothing. (The fixed backends on real classes, per
  role: ``benchmarks/fix_roles.py``.)
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


def _isort_changes(path: Path) -> set:
    """The lines isort (profile black, as sglang's hook) would remove or add in ``path``."""
    import isort

    text = path.read_text(encoding="utf-8")
    out = isort.code(text, profile="black")
    return set(text.splitlines()) ^ set(out.splitlines())


def _kvguard(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lint_rules", *args],
        capture_output=True,
        text=True,
        timeout=900,
    )


FLASHINFER = "sglang/srt/layers/attention/flashinfer_backend.py"
TRITON = "sglang/srt/layers/attention/triton_backend.py"


@pytest.mark.parametrize(
    "version,expected_changed",
    [
        ("0.5.9", {TRTLLM, FLASHINFER, TRITON}),
        ("0.5.12.post1", {TRTLLM, FLASHINFER, TRITON}),
        ("0.5.13.post1", {FLASHINFER}),
        ("sglang-kt==0.7.2", {TRTLLM, FLASHINFER, TRITON}),
        ("0.5.23", set()),
    ],
)
def test_fix_whole_tree(version, expected_changed, tmp_path):
    """``kvguard fix`` on a copy of the whole tree leaves no default finding, changes only the
    backend files with findings, and what it writes compiles, is black- and isort-stable where
    the original was, and is left alone by a second ``fix``."""
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    work = tmp_path / "tree"
    shutil.copytree(tree / "sglang", work / "sglang")
    proc = _kvguard("fix", "--no-cache", "--output-format", "json", str(work))
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
    check = _kvguard("check", "--no-cache", "--output-format", "json", str(work))
    assert check.returncode == 0 and json.loads(check.stdout) == [], check.stdout[-3000:]
    for rel in changed:
        compile((work / rel).read_text(encoding="utf-8"), rel, "exec")
        if _black_ok(tree / rel):
            assert _black_ok(work / rel), rel
        assert _isort_changes(work / rel) <= _isort_changes(tree / rel), rel
    snapshot = {rel: (work / rel).read_bytes() for rel in changed}
    again = _kvguard("fix", "--no-cache", str(work))
    assert again.returncode == 0, again.stderr[-2000:]
    assert {rel: (work / rel).read_bytes() for rel in changed} == snapshot


@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1", "0.5.13.post1", "sglang-kt==0.7.2"])
def test_fixed_files_gain_no_undefined_name(version, tmp_path):
    """pyflakes (a dev tool) on each fixed backend file: no message the original did not have."""
    api = pytest.importorskip("pyflakes.api")
    from pyflakes import reporter

    def messages(text: str, name: str) -> set:
        import io

        out = io.StringIO()
        api.check(text, name, reporter.Reporter(out, out))
        # without the line numbers (the fix moves lines)
        return {line.split(" ", 1)[-1] for line in out.getvalue().splitlines()}

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    for rel in (TRTLLM, FLASHINFER, TRITON):
        original = tree / rel
        text = original.read_text(encoding="utf-8")
        out = fix_text(text, str(original), default_codes(), ScopeConfig())
        assert out.error is None, (rel, out.error)
        if out.new_text == text:
            continue
        assert messages(out.new_text, rel) <= messages(text, rel), rel
