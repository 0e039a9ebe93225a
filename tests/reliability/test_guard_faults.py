"""Guard fault containment, thread-safe logging, exact uninstall — on REAL sglang classes.

The observations come from ``tests/reliability/guard_faults.py`` run in a child process with
real sglang (0.5.12.post1 overlay: the buggy legacy backend, so violations really occur; and the
repo's 0.5.23).  What tests/guard already covers (one monkeypatched fault point, counting under
threads on stand-in classes, method identity after uninstall on two classes) is extended here:
three distinct fault points of the guard on a real backend, log-once under 8 racing threads on
real backends, and ``vars()`` identity of every class in every targeted sglang module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import REPO

CACHE = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard"))
pytestmark = pytest.mark.sglang


def _python() -> str:
    venv = REPO / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _missing(reason: str):
    if (
        os.environ.get("CI", "").lower() == "true"
        or os.environ.get("KVGUARD_REQUIRE_SGLANG") == "1"
    ):
        pytest.fail(reason)
    pytest.skip(reason)


_RESULTS: dict = {}


def results(version: str) -> dict:
    if version not in _RESULTS:
        parts = [str(REPO)]
        if version != "0.5.23":
            overlay = CACHE / "envs" / f"sglang-{version}"
            if not (overlay / ".kvguard-stamp").exists():
                _missing(f"sglang {version} overlay missing: run bash scripts/setup_sglang_envs.sh")
            parts.insert(0, str(overlay))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(parts))
        proc = subprocess.run(
            [_python(), "-m", "tests.reliability.guard_faults"],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert proc.returncode == 0, proc.stderr[-4000:]
        _RESULTS[version] = json.loads(proc.stdout.strip().splitlines()[-1])
        assert _RESULTS[version]["sglang_version"] == version
    return _RESULTS[version]


@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.23"])
@pytest.mark.parametrize(
    "point", ["wiring.active_pool", "check_pool_invariant", "format_violation"]
)
def test_a_raising_guard_internal_never_breaks_the_call(version, point):
    r = results(version)["fault_injection"]
    p = r[point]
    if version == "0.5.23" and point == "format_violation":
        # 0.5.23's backend is consistent: no violation is ever formatted, so the fault is never hit
        assert p["internal_error_logs"] == [] and p["outcomes"] == [r["baseline"]] * 3
        return
    assert (
        p["outcomes"] == [r["baseline"]] * 3
    ), "the guarded call must behave exactly like the unguarded one"
    assert len(p["internal_error_logs"]) == 1, p  # one error log for three calls
    log = p["internal_error_logs"][0]
    assert (
        "TRTLLMHAAttnBackend.init_forward_metadata" in log
        and "disabled for this backend instance" in log
    )
    assert p["disabled"] is True and p["internal_errors"] == 1
    # another instance is not disabled, and (on the buggy release) still catches the bug
    assert p["other_disabled"] is False
    if version == "0.5.12.post1":
        # the invariant's #25103 kind + the behavioural check's translation kind, one call
        assert p["other_violations"] == 2


def test_concurrent_violations_are_all_counted_and_logged_once():
    r = results("0.5.12.post1")["threaded_logging"]
    assert r["raised"] == []  # warn mode never raises
    # every call: the invariant's #25103 kind and (per-thread frames) the translation kind
    assert r["violations"] == 8 * 50 * 2
    assert r["by_key"] == {
        "TRTLLMHAAttnBackend|draft|swa-pool-on-full-active-pool": 400,
        "TRTLLMHAAttnBackend|draft|swa-translation-on-full-active-pool": 400,
    }
    assert len(r["violation_logs"]) == 2, r["violation_logs"]  # one per kind
    assert r["states_distinct"] == 8  # one state object per backend instance


@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.23"])
def test_uninstall_restores_every_class_object_for_object(version):
    r = results(version)["exact_uninstall"]
    assert r["classes"] >= 15
    assert {"TRTLLMHAAttnBackend.init_forward_metadata", "FlashInferAttnBackend.__init__"} <= set(
        r["wrapped"]
    )
    assert r["diffs"] == []
