"""scripts/setup_sglang_envs.sh off this machine: where torch comes from when no local CPU wheel exists.

Each test runs the script's real resolution step (``--plan-torch``: ``pip install --dry-run
--report``, nothing downloaded or installed) with pip's configuration replaced, so the local CPU
wheel this machine kind serves through ``find-links`` is invisible. PyTorch's CPU index is stood in
for by a PEP 503 directory index holding that same real wheel (downloading from
download.pytorch.org would mean hundreds of MB per run).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "setup_sglang_envs.sh"
PIN = "2.13.0"


def _local_cpu_wheel() -> str | None:
    dirs = []
    for raw in (os.environ.get("PIP_FIND_LINKS", ""), "/opt/wheels"):
        dirs += [d for d in raw.split() if d]
    for d in dirs:
        hits = glob.glob(os.path.join(d.removeprefix("file://"), f"torch-{PIN}+cpu-*.whl"))
        if hits:
            return hits[0]
    return None


def _hidden_env(tmp_path: Path, **extra: str) -> dict:
    """The environment with pip's configuration (files, find-links, indexes) out of sight."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull  # pip loads no configuration file at all
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_CACHE_DIR"] = str(tmp_path / "pip-cache")
    env.update(extra)
    return env


def plan(env: dict, script: Path = SCRIPT) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(script), "--plan-torch"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )


def _fields(stdout: str) -> dict:
    return dict(item.split("=", 1) for item in stdout.split())


@pytest.fixture
def cpu_index(tmp_path: Path) -> str:
    """A PEP 503 index (file://) whose only project is torch, holding the real CPU wheel."""
    wheel = _local_cpu_wheel()
    if wheel is None:
        pytest.skip(f"no torch {PIN} CPU wheel on this machine to stand in for PyTorch's CPU index")
    project = tmp_path / "cpu-index" / "torch"
    project.mkdir(parents=True)
    name = os.path.basename(wheel)
    os.symlink(wheel, project / name)
    (project / "index.html").write_text(f'<a href="{name}">{name}</a>\n', encoding="utf-8")
    return (tmp_path / "cpu-index").as_uri()


def test_visible_local_wheel_is_taken_as_is():
    if _local_cpu_wheel() is None or "PIP_FIND_LINKS" not in os.environ:
        pytest.skip("this machine has no local CPU torch wheel in pip's find-links")
    proc = plan(dict(os.environ))
    assert proc.returncode == 0, proc.stderr
    got = _fields(proc.stdout)
    assert got["mode"] == "configured-cpu" and got["version"] == f"{PIN}+cpu", proc.stdout


def test_cpu_index_from_the_variable_when_the_local_wheel_is_hidden(tmp_path, cpu_index):
    proc = plan(_hidden_env(tmp_path, KVGUARD_TORCH_INDEX_URL=cpu_index))
    assert proc.returncode == 0, proc.stderr
    got = _fields(proc.stdout)
    assert got["mode"] == "index", proc.stdout
    assert got["version"] == f"{PIN}+cpu"
    assert got["url"].startswith(cpu_index)


def test_plan_is_a_dry_run_that_creates_no_venv(tmp_path, cpu_index):
    # the script in a checkout without .venv (a fresh clone): planning must not create one
    clone = tmp_path / "clone"
    (clone / "scripts").mkdir(parents=True)
    (clone / "requirements").mkdir()
    shutil.copy(SCRIPT, clone / "scripts")
    lock = REPO / "requirements" / "sglang-0.5.23-cpu.txt"
    shutil.copy(lock, clone / "requirements")
    proc = plan(
        _hidden_env(tmp_path, KVGUARD_TORCH_INDEX_URL=cpu_index), clone / "scripts" / SCRIPT.name
    )
    assert proc.returncode == 0, proc.stderr
    assert _fields(proc.stdout)["mode"] == "index"
    assert not (clone / ".venv").exists()


def test_an_unreachable_index_is_not_claimed():
    if _local_cpu_wheel() is None or "PIP_FIND_LINKS" not in os.environ:
        pytest.skip("this machine has no local CPU torch wheel in pip's find-links")
    # nothing listens on port 9 (discard) of this host: the index cannot answer, find-links does
    env = dict(os.environ, KVGUARD_TORCH_INDEX_URL="http://127.0.0.1:9/whl/cpu")
    env["PIP_RETRIES"], env["PIP_TIMEOUT"] = "0", "2"
    proc = plan(env)
    assert proc.returncode == 0, proc.stderr
    got = _fields(proc.stdout)
    assert got["mode"] == "configured-cpu" and got["url"].startswith("file:"), proc.stdout
    assert "did not provide torch==" in proc.stderr
    assert "from KVGUARD_TORCH_INDEX_URL" not in proc.stderr


def test_cpu_index_from_pip_configuration(tmp_path, cpu_index):
    conf = tmp_path / "pip.conf"
    conf.write_text(f"[global]\nindex-url = {cpu_index}\n", encoding="utf-8")
    env = _hidden_env(tmp_path)
    env["PIP_CONFIG_FILE"] = str(conf)
    proc = plan(env)
    assert proc.returncode == 0, proc.stderr
    got = _fields(proc.stdout)
    assert got["mode"] == "configured-cpu" and got["version"] == f"{PIN}+cpu", proc.stdout


def test_nothing_resolvable_is_a_clear_error(tmp_path):
    empty = tmp_path / "empty-index"
    empty.mkdir()
    proc = plan(_hidden_env(tmp_path, PIP_INDEX_URL=empty.as_uri()))
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert f"pip cannot resolve torch=={PIN}" in proc.stderr


def _pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _pypi_reachable(), reason="needs PyPI (network)")
def test_fallback_to_what_pip_resolves_says_what_it_costs(tmp_path):
    proc = plan(_hidden_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    got = _fields(proc.stdout)
    assert got["mode"] == "fallback", proc.stdout
    assert got["version"].startswith(PIN) and "+cpu" not in got["version"]
    assert "several GB" in proc.stderr
    assert "KVGUARD_TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu" in proc.stderr


def test_dist_size_counts_the_dependency_closure():
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import dist_size
    finally:
        sys.path.pop(0)
    import importlib.metadata as md

    alone = sum(
        os.path.getsize(p)
        for p in (md.distribution("pytest").locate_file(f) for f in md.distribution("pytest").files)
        if os.path.isfile(p)
    )
    size, count = dist_size.closure_size(["pytest"])
    assert count >= 4  # pytest, iniconfig, packaging, pluggy
    assert size > alone > 0
    assert dist_size.closure_size(["no-such-distribution-kvguard"]) == (0, 0)
