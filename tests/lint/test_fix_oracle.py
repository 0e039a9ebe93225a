"""kvguard's TRTLLM fix against the first fixed upstream release, on real sglang classes (CPU).

For every release where the fix applies (the API model's ``trtllm_swa_decision == "allocator"``:
0.5.9, 0.5.10.post1, 0.5.11, 0.5.12, 0.5.12.post1), the real buggy ``trtllm_mha_backend.py`` is
fixed by kvguard and loaded in place of sglang's; ``tests/support/fix_oracle_grid.py`` then compares
its ``_resolve_swa_kv_pool`` with 0.5.13's (taken from the 0.5.13 source with ``ast``) over every
runner state (active pool kinds x allocator kinds x draft or not x every speculative algorithm,
plugin-registered ones included) and checks the SWA layers' page tables of real backends in target,
EAGLE-draft and FROZEN_KV-draft roles. ``python benchmarks/fix_oracle.py`` prints the same figures.

0.5.12.post1 (the issue's release) runs by default; the other releases are ``slow``.
"""

from __future__ import annotations

import json

import pytest

from lint_rules import sglang_api
from tests.support import fix_oracle_run as run

pytestmark = pytest.mark.sglang
DEFAULT = "0.5.12.post1"


def test_the_grid_covers_every_release_where_the_fix_applies():
    assert run.grid_versions() == ["0.5.9", "0.5.10.post1", "0.5.11", "0.5.12", "0.5.12.post1"]
    assert sglang_api.first_fixed() == "0.5.13"


def _check(report: dict, version: str) -> None:
    grid = report["grid"]
    assert grid["differ"] == 0, json.dumps(grid["differences"], indent=1)
    axes = grid["axes"]
    assert grid["states"] == (
        len(axes["pools"]) * len(axes["allocators"]) * 2 * len(axes["spec_algorithms"])
    )
    # the real classes are on the axes, and every outcome kind occurs
    assert {"own SWAKVPool", "MHATokenToKVPool", "None"} <= set(axes["pools"])
    assert "SWATokenToKVPoolAllocator" in axes["allocators"]
    outcomes = grid["reference_outcomes"]
    assert {"the active pool", "the allocator's SWA pool", "None"} <= set(outcomes)
    assert any(k.startswith("raises AttributeError") for k in outcomes)  # the stub allocator
    registered = [s for s in axes["spec_algorithms"] if s.startswith("registered")]
    if sglang_api.Release(version).raw["spec_algorithm"]["registered"]:
        assert len(registered) == 2
    else:
        assert registered == []
    roles = {r["role"]: r for r in report["roles"]}
    assert all(r["ok"] for r in roles.values()), json.dumps(report["roles"], indent=1)
    assert report["roles_setup"]["reused_swa_slots_of_A_given_to_C"]
    assert roles["target"]["swa_kv_pool"] == "target SWAKVPool" and roles["target"]["flag"]
    assert roles["eagle_draft"]["swa_kv_pool"] == "None" and not roles["eagle_draft"]["flag"]
    if "frozen_kv_draft" in roles:
        assert roles["frozen_kv_draft"]["reads_pool"] == "target SWAKVPool"
        assert roles["frozen_kv_draft"]["swa_kv_pool"] == "target SWAKVPool"
    assert report["all_ok"]


@pytest.mark.parametrize(
    "version",
    [
        pytest.param(v, marks=() if v == DEFAULT else pytest.mark.slow)
        for v in ["0.5.9", "0.5.10.post1", "0.5.11", "0.5.12", "0.5.12.post1"]
    ],
)
def test_fixed_resolver_matches_the_first_fixed_release(version, tmp_path):
    out = run.fix_original(version)
    assert out.error is None, out.error
    assert sorted(f.code for f in out.fixed) == ["KVG001", "KVG003"]
    assert out.target.startswith(f"sglang {version} (detected from")
    fixed = tmp_path / "trtllm_mha_backend.py"
    fixed.write_text(out.new_text, encoding="utf-8")
    _check(run.run_grid(version, fixed), version)


def test_the_grid_catches_the_direct_call_on_a_registered_algorithm(tmp_path):
    """What kvguard emitted for 0.5.12.post1 before the API model: a direct
    ``spec_algorithm.is_frozen_kv_mtp()``. A draft worker with a plugin-registered algorithm then
    raises AttributeError where 0.5.13 returns None; the grid must show exactly those states."""
    out = run.fix_original(DEFAULT)
    before = tmp_path / "trtllm_mha_backend.py"
    before.write_text(run.with_direct_call(out.new_text), encoding="utf-8")
    grid = run.run_grid(DEFAULT, before)["grid"]
    assert grid["differ"] > 0
    kinds = grid["differences_by_kind"]
    assert list(kinds) == [
        "registered CustomSpecAlgo: fixed raises AttributeError(is_frozen_kv_mtp), "
        "first fixed release None"
    ], kinds
    assert all(d["draft"] for d in grid["differences"])
