"""``python -m guardrails doctor`` on the real sglang environments (0.5.23 and 0.5.12.post1), as a
deployer runs it: a subprocess, JSON output, exit status."""

import json
import subprocess

import pytest

from tests.guard.conftest import REPO, sglang_env

pytestmark = pytest.mark.sglang

_CACHE = {}


def doctor(version):
    if version not in _CACHE:
        python, env = sglang_env(version)
        proc = subprocess.run(
            [python, "-m", "guardrails", "doctor", "--json"],
            cwd=str(REPO),
            env=env,
            capture_output=True,
            text=True,
            timeout=1200,
        )
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        assert lines, proc.stderr[-3000:]
        # one progress line per stage on stderr (the probe and the lint take seconds each)
        assert "kvguard doctor: building sglang's pools and backends" in proc.stderr
        assert "kvguard doctor: linting the installed sglang package" in proc.stderr
        _CACHE[version] = (proc.returncode, json.loads(lines[-1]))
    return _CACHE[version]


def rows(report):
    return {(r["backend"], r["role"]): r for r in report["rows"]}


def test_doctor_on_0_5_12_post1_finds_the_buggy_roles_and_the_lint_lines():
    rc, report = doctor("0.5.12.post1")
    assert rc == 1 and report["status"] == "violation"
    assert report["probe"]["version"] == "0.5.12.post1"
    r = rows(report)
    fi = r[("flashinfer", "EAGLE draft")]
    assert fi["status"] == "violation"
    assert "swa-translation-on-full-active-pool" in fi["detail"] and "KVG002" in fi["detail"]
    assert r[("triton", "EAGLE draft")]["status"] == "violation"
    tr = r[("trtllm_mha", "EAGLE draft")]
    assert "swa-pool-on-full-active-pool" in tr["detail"] and "KVG001/KVG003" in tr["detail"]
    for backend in ("flashinfer", "triton", "trtllm_mha"):
        assert r[(backend, "target")]["status"] == "consistent", backend
        assert r[(backend, "FROZEN_KV draft")]["status"] != "violation", backend
    # aiter (never allocator-based) builds on CPU with the stand-ins; 0.5.12 has no _swa_kv_pool,
    # and its FROZEN_KV draft reads the target's SWA pool with the flag cached from its own pool
    # (the init-cached shape): the flag-only rule reports it with the static rule KVG004
    aiter = r[("aiter", "FROZEN_KV draft")]
    assert aiter["status"] == "violation", aiter
    assert "swa-flag-disagrees-with-read-pool" in aiter["detail"] and "KVG004" in aiter["detail"]
    assert r[("aiter", "EAGLE draft")]["status"] == "consistent"
    findings = report["lint"]["findings"]
    codes = {f["code"] for f in findings}
    assert {"KVG001", "KVG002"} <= codes
    files = {f["filename"].rsplit("/", 1)[-1] for f in findings}
    assert {"flashinfer_backend.py", "triton_backend.py", "trtllm_mha_backend.py"} <= files


def test_doctor_on_0_5_23_is_clean():
    rc, report = doctor("0.5.23")
    assert report["probe"]["version"] == "0.5.23"
    assert rc == 0 and report["status"] == "ok", report["rows"]
    statuses = {(r["backend"], r["role"]): r["status"] for r in report["rows"]}
    assert statuses[("flashinfer", "EAGLE draft")] == "consistent"
    # on CPU, trtllm's metadata path stops at a GPU-only step: said so, never "consistent"
    trtllm = rows(report)[("trtllm_mha", "FROZEN_KV draft")]
    assert trtllm["status"] == "not checked", trtllm
    assert trtllm["detail"].startswith("not checked past `"), trtllm
    assert "violation" not in statuses.values()
    assert report["lint"]["findings"] == []
