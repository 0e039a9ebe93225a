"""The flow of benchmarks/gpu_server.py on CPU, with a stand-in server (no marker: ``-m gpu``
deselects it; the real server runs on the H200 through scripts/gpu_server.sh).

The stand-in (tests/gpu/server/standin_server.py) runs the real guard on a toy backend file in a
stand-in site; the flow starts it in each scenario, reads the guard's lines, runs the real
``kvguard fix`` on the file the violation message names and stops every server by its process
group. Checked: raise stops the unfixed server with the message that names ``kvguard fix``, warn
serves and logs, the fix rewrites the file, the fixed server is silent, no process is left.
"""

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

TOY = '''"""Toy backend for the flow test: the allocator-typed SWA decision of sglang 0.5.12.post1."""

from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator


class ToyBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool else None

    def init_forward_metadata(self, forward_batch):
        return None
'''

POOLS = """class SWAKVPool:
    layers_mapping = {}
    full_to_swa_index_mapping = None


class SWATokenToKVPoolAllocator:
    def __init__(self, kvcache):
        self._kvcache = kvcache

    def get_kvcache(self):
        return self._kvcache
"""


def make_site(root: Path) -> Path:
    files = {
        "sglang/__init__.py": '__version__ = "0.5.12.post1"\n',
        "sglang/version.py": '__version__ = "0.5.12.post1"\n',
        "sglang/srt/__init__.py": "",
        "sglang/srt/mem_cache/__init__.py": "",
        "sglang/srt/mem_cache/swa_memory_pool.py": POOLS,
        "sglang/srt/layers/__init__.py": "",
        "sglang/srt/layers/attention/__init__.py": "",
        "sglang/srt/layers/attention/toy_backend.py": TOY,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def pgroup_alive(pgid: int) -> bool:
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                if int(fields[2]) == pgid and fields[0] != "Z":
                    return True
            except (OSError, ValueError):
                continue
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_flow_raise_warn_fix_silent_with_a_stand_in_server(tmp_path):
    site = make_site(tmp_path / "site")
    out = tmp_path / "out"
    toy = site / "sglang/srt/layers/attention/toy_backend.py"
    server = f"{sys.executable} {REPO / 'tests/gpu/server/standin_server.py'}"
    cmd = [
        sys.executable, str(REPO / "benchmarks/gpu_server.py"), "--site", str(site),
        "--out", str(out), "--server", server, "--extra-path", str(REPO),
        "--port", "30987", "--requests", "2", "--start-timeout", "60",
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    data = json.loads((out / "gpu-server.json").read_text())
    by = {r["scenario"]: r for r in data["results"]}
    assert list(by) == ["raise-unfixed", "warn-unfixed", "fix", "raise-fixed", "warn-fixed"]

    raised = by["raise-unfixed"]
    assert raised["up_after_s"] is None and raised["exit_code"] == 1 and not raised["requests"]
    seen = "\n".join(raised["user_sees"])
    assert "PoolGuardViolation: kvguard: KV pool / SWA invariant violated in ToyBackend" in seen
    assert f"to fix: kvguard fix {toy}" in seen
    assert raised["fix_files"] == [str(toy)]
    assert raised["violation_lines"] == 1 and raised["raised"] == 1  # logged, then raised

    warned = by["warn-unfixed"]
    assert warned["up_after_s"] is not None
    assert [q["status"] for q in warned["requests"]] == [200, 200]
    assert warned["violation_kinds"] == ["swa-pool-on-full-active-pool"]
    assert (
        warned["violation_lines"] == 1 and warned["raised"] == 0
    )  # logged once per class, role, kind

    for r in (raised, warned, by["raise-fixed"], by["warn-fixed"]):
        (line,) = [i for i in r["installed"] if i["class"] == "ToyBackend"]
        assert (
            line["ok"]
            and line["sglang"] == "0.5.12.post1"
            and line["pid"] in map(int, r["processes"])
        )
        assert "gone" in r["stopped"] and "STILL" not in r["stopped"]
        assert not pgroup_alive(r["pid"])

    fixed = by["fix"]
    assert fixed["rc"] == 0 and fixed["files_from"] == "the violation message"
    assert fixed["changed"] and "_resolve_swa_kv_pool" in toy.read_text()
    for name in ("raise-fixed", "warn-fixed"):
        r = by[name]
        assert r["violation_lines"] == 0 and r["up_after_s"] is not None, name
        assert [q["status"] for q in r["requests"]] == [200, 200], name

    report = (out / "RESULTS-gpu-server.md").read_text()
    assert report.startswith("## A real sglang server with the guard (issue 29)")
    assert "| raise-unfixed | raise | did not start (exit 1) | 0/0 |" in report
    with tarfile.open(out / "gpu-server-logs.tar.gz") as tar:
        names = tar.getnames()
    assert "kvguard-fix.diff" in names and "raise-unfixed.log" in names

    # a second run on the same site starts from the pristine backend again
    proc = subprocess.run(
        cmd[:-2] + ["--scenarios", "raise-unfixed"], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    again = json.loads((out / "gpu-server.json").read_text())
    assert again["meta"]["restored_before_run"] == ["toy_backend.py"]
    assert again["results"][0]["exit_code"] == 1
