"""The guard tells the truth about itself (issue 14 items 5 and 6): where the mode came from,
what happens without sglang, the launcher's help, and the shared ``guardrails`` import name."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import guardrails
from guardrails import nameclash, runtime

REPO = Path(__file__).resolve().parents[2]


def test_bad_mode_errors_name_their_source(monkeypatch):
    with pytest.raises(guardrails.GuardConfigError) as arg:
        guardrails.install("bogus")
    assert "install(mode=...)='bogus'" in str(arg.value)
    assert "SGLANG_KV_POOL_GUARD" not in str(arg.value)
    monkeypatch.setenv("SGLANG_KV_POOL_GUARD", "nonsense")
    with pytest.raises(guardrails.GuardConfigError) as env:
        guardrails.install()
    assert "SGLANG_KV_POOL_GUARD='nonsense'" in str(env.value)
    with pytest.raises(guardrails.GuardConfigError) as ctx:
        with guardrails.guarded("sometimes"):
            pass
    assert "guarded(mode=...)='sometimes'" in str(ctx.value)
    monkeypatch.setenv("SGLANG_KV_POOL_GUARD_LOG", "xml")
    with pytest.raises(guardrails.GuardConfigError) as log:
        runtime.log_format_from_env()
    assert "SGLANG_KV_POOL_GUARD_LOG='xml'" in str(log.value)


def _python_without_sglang():
    """The base interpreter of this venv (no venv site-packages): sglang is not importable
    there unless installed globally (then the test is skipped)."""
    base = getattr(sys, "_base_executable", None)
    if not base or sys.prefix == sys.base_prefix:
        pytest.skip("not running in a virtual environment: no interpreter without its packages")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("SGLANG_KV_POOL_GUARD", None)
    probe = subprocess.run(
        [
            base,
            "-c",
            "import importlib.util, sys; sys.exit(importlib.util.find_spec('sglang') is None)",
        ],
        env=env,
    )
    if probe.returncode == 0:
        pytest.skip("sglang is importable by the base interpreter too")
    return base, env


def test_without_sglang_install_warns_and_guarded_raise_fails_clearly():
    base, env = _python_without_sglang()
    code = (
        "import logging, guardrails\n"
        "logging.basicConfig(level=logging.WARNING)\n"
        "print('mode', guardrails.install('warn').value)\n"
        "guardrails.uninstall()\n"
        "try:\n"
        "    with guardrails.guarded('raise'):\n"
        "        print('INSIDE')\n"
        "except guardrails.GuardUnavailableError as exc:\n"
        "    print('unavailable:', exc)\n"
    )
    proc = subprocess.run([base, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "mode warn" in proc.stdout
    assert "sglang cannot be imported" in proc.stderr and "nothing is guarded" in proc.stderr
    assert "INSIDE" not in proc.stdout
    assert "unavailable: guarded('raise'): sglang cannot be imported" in proc.stdout


def test_launcher_help_works_without_sglang():
    base, env = _python_without_sglang()
    proc = subprocess.run(
        [base, "-m", "guardrails.launch_server", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--kv-pool-guard MODE" in proc.stdout
    assert "sglang cannot be imported here" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_name_clash_is_detected_from_installed_metadata(tmp_path, monkeypatch):
    assert nameclash.check().clash is False  # this environment: kvguard only
    dist = tmp_path / "guardrails_ai-0.6.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: guardrails-ai\nVersion: 0.6.0\n")
    (dist / "top_level.txt").write_text("guardrails\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = nameclash.check()
    assert found.clash is True
    assert "guardrails-ai" in found.distributions
    assert found.ours_importable is True
    assert "separate virtual environment" in found.message
    with pytest.warns(RuntimeWarning, match="guardrails-ai"):
        guardrails._warn_on_name_clash()


def test_kvguard_version_prints_the_name_check(tmp_path):
    dist = tmp_path / "guardrails_ai-0.6.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: guardrails-ai\nVersion: 0.6.0\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(REPO)]))
    code = "import sys; from lint_rules.cli import main; sys.exit(main(['--version']))"
    proc = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(REPO),
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("kvguard ")
    assert "note: the import name `guardrails` is claimed by guardrails-ai" in proc.stdout
