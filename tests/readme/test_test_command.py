"""What the test command's disk savings rest on (issue 28): identical files linked once, corpus
trees taken from installed overlays only when the installed files are the release's own, and the
script that measures the command on a fresh clone."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "benchmarks"))
import dedupe_tree  # noqa: E402
import sglang_wheels  # noqa: E402


def test_dedupe_links_identical_files_and_only_those(tmp_path):
    body = b"x = 1\n" * 400
    for overlay in ("a", "b", "c"):
        (tmp_path / overlay / "pkg").mkdir(parents=True)
        (tmp_path / overlay / "pkg" / "same.py").write_bytes(body)
        (tmp_path / overlay / "pkg" / "own.py").write_bytes(body[:-1] + overlay.encode())
    linked, saved = dedupe_tree.dedupe([tmp_path])
    assert (linked, saved) == (2, 2 * len(body))
    inodes = {(tmp_path / o / "pkg" / "same.py").stat().st_ino for o in "abc"}
    assert len(inodes) == 1
    own = {(tmp_path / o / "pkg" / "own.py").stat().st_ino for o in "abc"}
    assert len(own) == 3
    for overlay in "abc":  # every copy still reads the same
        assert (tmp_path / overlay / "pkg" / "same.py").read_bytes() == body
    assert dedupe_tree.dedupe([tmp_path]) == (0, 0)  # idempotent


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _installed(root: Path, version: str, files: dict) -> Path:
    env = root / "envs" / f"sglang-{version}"
    info = env / f"sglang-{version}.dist-info"
    info.mkdir(parents=True)
    rows = []
    for rel, data in files.items():
        (env / rel).parent.mkdir(parents=True, exist_ok=True)
        (env / rel).write_bytes(data)
        rows.append(f"{rel},{_record_hash(data)},{len(data)}")
    (info / "RECORD").write_text("\n".join(rows) + "\n")
    (env / ".kvguard-stamp").write_text("stamp\n")
    return env


def test_corpus_tree_is_taken_from_an_installed_overlay(tmp_path, monkeypatch):
    monkeypatch.setenv("KVGUARD_CACHE", str(tmp_path))
    files = {"sglang/__init__.py": b"", "sglang/srt/a.py": b"A = 1\n", "sglang/x.so": b"\0"}
    env = _installed(tmp_path, "9.9.9", files)
    tree = sglang_wheels.ensure_tree("9.9.9", quiet=True)
    got = sorted(str(p.relative_to(tree)) for p in tree.rglob("*.py"))
    assert got == ["sglang/__init__.py", "sglang/srt/a.py"]
    assert (tree / "sglang/srt/a.py").stat().st_ino == (env / "sglang/srt/a.py").stat().st_ino
    assert not (tmp_path / "wheels").exists()  # nothing downloaded


def test_a_changed_installed_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("KVGUARD_CACHE", str(tmp_path))
    env = _installed(tmp_path, "9.9.8", {"sglang/srt/a.py": b"A = 1\n"})
    (env / "sglang/srt/a.py").write_bytes(b"A = 2\n")
    with pytest.raises(RuntimeError, match="differs from the installed RECORD"):
        sglang_wheels.ensure_tree("9.9.8", quiet=True)
    assert not sglang_wheels.is_extracted("9.9.8")


def test_the_measuring_script_is_the_one_the_readme_names():
    script = REPO / "scripts" / "measure_test_command.sh"
    subprocess.run(["bash", "-n", str(script)], check=True)
    text = script.read_text(encoding="utf-8")
    assert "bash scripts/test.sh" in text and "du -shc" in text
    assert "bash scripts/measure_test_command.sh" in (REPO / "README.md").read_text()


def test_test_command_runs_in_parallel_where_xdist_is_installed():
    text = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert '-n "$WORKERS" --dist loadgroup' in text
