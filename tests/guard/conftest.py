"""Fixtures for the guard tests on real sglang (marker ``sglang``).

The sglang environments come from ``scripts/setup_sglang_envs.sh``:

* 0.5.23: the repo's ``.venv`` interpreter;
* 0.5.12.post1, 0.5.9: ``--target`` overlays under ``$KVGUARD_CACHE/envs`` (default
  ``~/.cache/kvguard``), layered with ``PYTHONPATH`` over the same interpreter.

Everything sglang runs in subprocesses (one per version and purpose, results cached for the
session), so the pytest process itself never imports sglang or torch. A missing environment is a
skip with the setup command in the reason — or a failure when ``KVGUARD_REQUIRE_SGLANG=1`` or
``CI=true`` (CI runs the setup script first, so a missing environment there is a bug).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # `tests.support` / `tests.guard` imports also under plain `pytest`
    sys.path.insert(0, str(REPO))
CACHE = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard"))
OVERLAY_VERSIONS = ("0.5.12.post1", "0.5.9", "0.5.13.post1")
ALL_VERSIONS = ("0.5.23",) + OVERLAY_VERSIONS
SUBPROCESS_TIMEOUT = 900


def interpreter() -> str:
    venv = REPO / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _has_sglang(python: str, pythonpath: str) -> bool:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    code = "import importlib.util, sys; sys.exit(importlib.util.find_spec('sglang') is None)"
    return subprocess.run([python, "-c", code], env=env).returncode == 0


_ENV_CACHE = {}


def sglang_env(version: str):
    """(python, env dict) for running code against sglang ``version``; skips/fails if absent."""
    if version not in _ENV_CACHE:
        python = interpreter()
        parts = [str(REPO)]
        if version in OVERLAY_VERSIONS:
            overlay = CACHE / "envs" / f"sglang-{version}"
            if not (overlay / ".kvguard-stamp").exists():
                _ENV_CACHE[version] = None
            else:
                parts.insert(0, str(overlay))
        if version not in _ENV_CACHE:
            pythonpath = os.pathsep.join(parts)
            ok = _has_sglang(python, pythonpath)
            _ENV_CACHE[version] = (python, pythonpath) if ok else None
    found = _ENV_CACHE[version]
    if found is None:
        message = (
            f"sglang {version} CPU environment missing; run " "`bash scripts/setup_sglang_envs.sh`"
        )
        if os.environ.get("KVGUARD_REQUIRE_SGLANG") == "1" or os.environ.get("CI", "").lower() in (
            "1",
            "true",
        ):
            pytest.fail(message)
        pytest.skip(message)
    python, pythonpath = found
    env = dict(os.environ, PYTHONPATH=pythonpath, SGLANG_FLASHINFER_WORKSPACE_SIZE="1048576")
    for key in ("SGLANG_KV_POOL_GUARD", "SGLANG_INVARIANT_CHECK", "SGLANG_PLUGINS"):
        env.pop(key, None)
    return python, env


def run_json(version, args, extra_env=None, timeout=SUBPROCESS_TIMEOUT):
    """Run ``python <args>`` in the version's environment; parse the last stdout line as JSON."""
    python, env = sglang_env(version)
    env.update(extra_env or {})
    proc = subprocess.run(
        [python, *args], cwd=str(REPO), env=env, capture_output=True, text=True, timeout=timeout
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    if not lines:
        raise AssertionError(
            f"no output from {args} (rc={proc.returncode}):\n{proc.stderr[-4000:]}"
        )
    try:
        data = json.loads(lines[-1])
    except json.JSONDecodeError as exc:
        raise AssertionError(
            f"bad JSON from {args}: {exc}\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
        )
    return proc.returncode, data, proc.stderr


_RESULTS = {}


def scenario_results(version, names):
    """Run scenario ``names`` once per (version, names) in a subprocess; cached."""
    key = (version, tuple(names))
    if key not in _RESULTS:
        _rc, data, stderr = run_json(version, ["-m", "tests.guard.scenarios", *names])
        for name, value in data.items():
            if isinstance(value, dict) and "scenario_error" in value:
                raise AssertionError(f"scenario {name} on {version} crashed:\n{value['traceback']}")
        _RESULTS[key] = data
    return _RESULTS[key]
