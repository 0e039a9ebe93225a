"""tests/support/trtllm_oracle.py against the real trtllm_mha files of each version.

The original 0.5.9 / 0.5.12.post1 files must fail the EAGLE case (the #25103 bug) and pass the
rest; 0.5.23's file passes all. ``--trtllm-file`` really replaces the module (the backend's module
file is reported back), which the autofix acceptance test relies on.
"""

import shutil

import pytest

from tests.guard.conftest import CACHE, run_json, sglang_env

pytestmark = pytest.mark.sglang

ORACLE = "tests/support/trtllm_oracle.py"
CASES = ["target_swa", "target_full", "eagle_draft", "frozen_kv_draft", "nondraft_spec"]


def by_name(data):
    return {c["name"]: c for c in data["cases"]}


def test_oracle_0_5_23_passes_all():
    rc, data, err = run_json("0.5.23", [ORACLE])
    assert data["sglang"] == "0.5.23"
    cases = by_name(data)
    assert list(cases) == CASES
    assert all(c["ok"] for c in cases.values()), data
    assert data["all_ok"] is True and rc == 0
    assert cases["eagle_draft"]["swa_pool"] == "none" and cases["eagle_draft"]["flag"] is False
    assert cases["frozen_kv_draft"]["swa_pool"] == "target"
    assert cases["eagle_draft"]["active_pool"] == "MHATokenToKVPool"


@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.9"])
def test_oracle_original_legacy_file_fails_only_eagle(version):
    rc, data, err = run_json(version, [ORACLE])
    assert data["sglang"] == version
    cases = by_name(data)
    assert cases["eagle_draft"]["ok"] is False
    assert cases["eagle_draft"]["swa_pool"] == "target" and cases["eagle_draft"]["flag"] is True
    for name in ("target_swa", "target_full", "nondraft_spec"):
        assert cases[name]["ok"] is True, cases[name]
    if version == "0.5.9":
        assert cases["frozen_kv_draft"].get("skipped") is True
        assert "no FROZEN_KV MTP" in cases["frozen_kv_draft"]["reason"]
    else:
        assert cases["frozen_kv_draft"]["ok"] is True
    assert data["all_ok"] is False and rc == 1


def test_oracle_trtllm_file_replaces_the_module(tmp_path):
    sglang_env("0.5.12.post1")
    original = (
        CACHE
        / "envs"
        / "sglang-0.5.12.post1"
        / "sglang"
        / "srt"
        / "layers"
        / "attention"
        / "trtllm_mha_backend.py"
    )
    copy = tmp_path / "trtllm_mha_backend.py"
    shutil.copy(original, copy)
    rc, data, err = run_json("0.5.12.post1", [ORACLE, "--trtllm-file", str(copy)])
    cases = by_name(data)
    assert {c["backend_module_file"] for c in cases.values() if "backend_module_file" in c} == {
        str(copy)
    }
    assert cases["eagle_draft"]["ok"] is False  # same buggy code, now loaded from the copy
    # a hand-made fix of just the SWA decision in the copy turns the EAGLE case green
    text = copy.read_text()
    buggy = "self.use_sliding_window_kv_pool = isinstance(\n            allocator, SWATokenToKVPoolAllocator\n        )"
    assert buggy in text
    fixed = text.replace(
        buggy,
        "self.use_sliding_window_kv_pool = isinstance(\n            allocator, SWATokenToKVPoolAllocator\n"
        "        ) and (isinstance(model_runner.token_to_kv_pool, SWAKVPool) or not model_runner.is_draft_worker"
        " or model_runner.spec_algorithm.is_frozen_kv_mtp())",
    )
    copy.write_text(fixed)
    rc, data, err = run_json("0.5.12.post1", [ORACLE, "--trtllm-file", str(copy)])
    assert data["all_ok"] is True and rc == 0, data


def test_oracle_reports_a_broken_file_as_an_error(tmp_path):
    bad = tmp_path / "trtllm_mha_backend.py"
    bad.write_text("raise ImportError('not a backend')\n")
    rc, data, err = run_json("0.5.23", [ORACLE, "--trtllm-file", str(bad)])
    assert rc == 2 and data["all_ok"] is False and "not a backend" in data["error"]
