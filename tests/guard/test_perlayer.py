"""The per-layer index-space check (``SGLANG_KV_POOL_GUARD_PER_LAYER=1``) on real sglang: FA3's
speculative SWA page table (#24617) on a real SWA pool whose full locations 1..24 live in SWA rows
11..34 (all below the SWA pool's size: a range check passes). Through 0.5.11 (here 0.5.9) FA3
builds that table from the untranslated full page tables: the check fires; from 0.5.12 it
translates first: silent. Off by default, skipped under CUDA-graph capture, and the default guard
reads nothing of the metadata (``guardrails/probe/perlayer.py``; the Triton kernel is a named
stand-in, ``standins.prepare_swa_spec_page_table_stand_in``)."""

import pytest

from guardrails.invariant import SWA_READ_NOT_TRANSLATED
from tests.guard.conftest import run_json

pytestmark = pytest.mark.sglang

BUGGY = ("0.5.9",)
FIXED = ("0.5.12.post1", "0.5.23")
_CACHE = {}


def observed(version):
    if version not in _CACHE:
        _rc, data, _err = run_json(version, ["-m", "guardrails.probe.perlayer"])
        fa3 = data["fa3"]
        assert "error" not in fa3, fa3.get("error")
        assert fa3["constructible"], fa3.get("why_not")
        _CACHE[version] = fa3["roles"]["target_spec_verify"]
    return _CACHE[version]


@pytest.mark.parametrize("version", BUGGY)
def test_fires_on_the_untranslated_spec_table(version):
    obs = observed(version)
    # the release really reads full locations for the SWA layer, below the SWA pool's size
    assert obs["untranslated_swa_reads"] is True
    assert max(obs["swa_row0_read"]) < obs["swa_pool_size"]
    assert obs["swa_row0_read"] != obs["swa_row0_translated"]
    assert obs["per_layer_raise"]["outcome"] == "violation"
    assert obs["per_layer_raise"]["kinds"] == [SWA_READ_NOT_TRANSLATED]
    assert "range check passes" in obs["per_layer_raise"]["problem"]
    assert obs["per_layer_warn_warn_kinds"] == [SWA_READ_NOT_TRANSLATED]
    assert obs["per_layer_warn"]["outcome"] != "violation"  # warn lets the call through
    # a full layer reads full locations: nothing to check
    assert obs["per_layer_raise_full_layer"]["outcome"] != "violation"


@pytest.mark.parametrize("version", FIXED)
def test_silent_on_the_translated_spec_table(version):
    obs = observed(version)
    assert obs["untranslated_swa_reads"] is False
    assert obs["swa_row0_read"] == obs["swa_row0_translated"] != obs["swa_row0_full"]
    assert obs["per_layer_raise"]["outcome"] != "violation"
    assert obs["per_layer_warn_warn_kinds"] == []
    assert obs["per_layer_raise_guard_reads"] > 0  # it did look


@pytest.mark.parametrize("version", BUGGY + FIXED)
def test_off_by_default_and_skipped_under_capture(version):
    obs = observed(version)
    for name in ("off", "default", "per_layer_capture"):
        assert obs[name]["outcome"] != "violation", name
        assert obs[name + "_warn_kinds"] == [], name
        # the default guard and the capture skip read nothing of the backend's metadata
        assert obs[name + "_guard_reads"] == 0, name
    assert obs["per_layer_raise_guard_reads"] > 0
