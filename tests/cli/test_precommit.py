"""The hooks in .pre-commit-hooks.yaml, run by real `pre-commit try-repo` in a throwaway repo.

pre-commit builds its own virtualenv and pip-installs kvguard from a snapshot of this
checkout (PyPI is the only network it needs). The snapshot is made once per module so the
hook environment is built once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import BUGGY, CLEAN, REPO, fixer_available

pytestmark = pytest.mark.slow

UNFIXABLE = (
    "def update_window(loc, token_to_kv_pool_allocator=None):\n"
    '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):\n'
    "        return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)\n"
    "    return loc\n"
)

GIT_ENV = {
    "GIT_AUTHOR_NAME": "kvguard tests",
    "GIT_AUTHOR_EMAIL": "tests@kvguard.invalid",
    "GIT_COMMITTER_NAME": "kvguard tests",
    "GIT_COMMITTER_EMAIL": "tests@kvguard.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(*args: str, cwd: Path) -> str:
    env = dict(os.environ, **GIT_ENV)
    env["HOME"] = str(cwd)  # no user/global git config
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env
    ).stdout


def test_hook_manifest():
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"kvguard", "kvguard-fix"}
    for h in hooks.values():
        assert h["language"] == "python" and h["types_or"] == ["python", "pyi"]
        assert h["require_serial"] is False
    assert hooks["kvguard"]["entry"].startswith("kvguard check")
    assert hooks["kvguard-fix"]["entry"].startswith("kvguard fix")
    assert "unsafe" in hooks["kvguard-fix"]["name"]


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple[Path, str, Path]:
    """(snapshot repo, its commit, PRE_COMMIT_HOME) of the current checkout, tracked and
    untracked-but-not-ignored files included."""
    snap = tmp_path_factory.mktemp("kvguard-snapshot")
    files = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for rel in filter(None, files):
        src = REPO / rel
        if src.is_file() and not src.is_symlink():
            dst = snap / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    git("init", "-q", ".", cwd=snap)
    git("add", "-A", cwd=snap)
    git("commit", "-q", "-m", "snapshot", cwd=snap)
    rev = git("rev-parse", "HEAD", cwd=snap).strip()
    return snap, rev, tmp_path_factory.mktemp("pre-commit-home")


def try_repo(hook_repo, workdir: Path, hook: str) -> subprocess.CompletedProcess:
    snap, rev, home = hook_repo
    env = dict(os.environ, **GIT_ENV, PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never")
    env.pop("PYTHONPATH", None)
    env["HOME"] = str(home)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            str(snap),
            hook,
            "--ref",
            rev,
            "--all-files",
            "--verbose",
        ],
        cwd=workdir,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )


def project_repo(tmp_path: Path, files: dict[str, str]) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    git("init", "-q", ".", cwd=work)
    for rel, text in files.items():
        p = work / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    git("add", "-A", cwd=work)
    return work


def test_check_hook_fails_on_buggy_file(hook_repo, tmp_path):
    work = project_repo(tmp_path, {"backend.py": BUGGY, "README.txt": "not python\n"})
    proc = try_repo(hook_repo, work, "kvguard")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "KVG001" in proc.stdout and "backend.py" in proc.stdout
    assert (work / "backend.py").read_text(encoding="utf-8") == BUGGY


def test_check_hook_passes_on_clean_file(hook_repo, tmp_path):
    work = project_repo(tmp_path, {"backend.py": CLEAN, "types.pyi": "x: int\n"})
    proc = try_repo(hook_repo, work, "kvguard")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Passed" in proc.stdout


@pytest.mark.skipif(not fixer_available(), reason="lint_rules/fixer.py has not landed yet")
def test_fix_hook_rewrites_and_fails_while_unfixable_findings_remain(hook_repo, tmp_path):
    work = project_repo(
        tmp_path,
        {"backend.py": BUGGY, "layers/attention/helper.py": UNFIXABLE},
    )
    proc = try_repo(hook_repo, work, "kvguard-fix")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    fixed = (work / "backend.py").read_text(encoding="utf-8")
    assert fixed != BUGGY and "_resolve_swa_kv_pool" in fixed
    assert (work / "layers/attention/helper.py").read_text(encoding="utf-8") == UNFIXABLE
    assert "helper.py" in proc.stdout and "KVG001" in proc.stdout
    # Second run: nothing left to rewrite, but the unfixable findings still fail the hook.
    git("add", "-A", cwd=work)
    again = try_repo(hook_repo, work, "kvguard-fix")
    assert again.returncode == 1
    assert "files were modified by this hook" not in again.stdout


@pytest.mark.skipif(not fixer_available(), reason="lint_rules/fixer.py has not landed yet")
def test_fix_hook_fixes_everything_then_passes(hook_repo, tmp_path):
    work = project_repo(tmp_path, {"backend.py": BUGGY})
    first = try_repo(hook_repo, work, "kvguard-fix")
    # pre-commit fails a hook that modified files, even when nothing remains.
    assert (
        first.returncode == 1 and "files were modified by this hook" in first.stdout
    ), first.stdout
    git("add", "-A", cwd=work)
    second = try_repo(hook_repo, work, "kvguard-fix")
    assert second.returncode == 0, second.stdout + second.stderr
