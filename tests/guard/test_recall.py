"""Runtime recall of the guard on REAL sglang classes (CPU), per (release, backend, role).

Observations come from guardrails/probe/recall.py, run once per version in a subprocess. For every
(release, backend) pair where the static corpus has a finding the EAGLE-draft role (its own
full-only pool next to the target's shared SWA allocator, slots reused after a free):

* with the guard off, the first metadata call really translates (a spy sees the shared allocator /
  target pool translate, and FlashInfer's window wrapper is planned with indices that are not the
  batch's own full locations) — the bug happens;
* in raise mode, that call raises ``PoolGuardViolation`` with the expected kind;
* in warn mode, the same kind is counted and logged, and the call is let through;

and on the fixed releases the same roles are silent; the target role is silent everywhere.
aiter never translates through the allocator; its FROZEN_KV init-cached flag (KVG004) is in
test_recall_aiter.py.
"""

import pytest

from tests.guard.conftest import run_json

pytestmark = pytest.mark.sglang

TRANSLATE = "swa-translation-on-full-active-pool"
EAGLE_25103 = "swa-pool-on-full-active-pool"

# (version, backend) -> the kind the guard must raise for the EAGLE draft, or None (fixed release)
EXPECTED = {
    ("0.5.9", "flashinfer"): TRANSLATE,
    ("0.5.9", "triton"): TRANSLATE,
    ("0.5.9", "trtllm_mha"): EAGLE_25103,
    ("0.5.12.post1", "flashinfer"): TRANSLATE,
    ("0.5.12.post1", "triton"): TRANSLATE,
    ("0.5.12.post1", "trtllm_mha"): EAGLE_25103,
    ("0.5.13.post1", "flashinfer"): TRANSLATE,
    ("0.5.13.post1", "triton"): None,
    ("0.5.13.post1", "trtllm_mha"): None,
    ("0.5.23", "flashinfer"): None,
    ("0.5.23", "triton"): None,
    ("0.5.23", "trtllm_mha"): None,
}
VERSIONS = ["0.5.12.post1", "0.5.13.post1", "0.5.23", pytest.param("0.5.9", marks=pytest.mark.slow)]

_CACHE = {}


def recall(version):
    if version not in _CACHE:
        _rc, data, stderr = run_json(version, ["-m", "guardrails.probe.recall"])
        assert data["version"] == version, data["version"]
        for name, entry in data["backends"].items():
            assert "error" not in entry, f"{name} on {version}:\n{entry['error']}"
        _CACHE[version] = data
    return _CACHE[version]


def _pairs(version):
    return [backend for (v, backend) in EXPECTED if v == version]


@pytest.mark.parametrize("version", VERSIONS)
def test_recall_per_backend(version):
    data = recall(version)
    for backend in _pairs(version):
        entry = data["backends"][backend]
        assert entry["constructible"] is True, (backend, entry.get("why_not"))
        expected = EXPECTED[(version, backend)]
        draft = entry["roles"]["eagle_draft"]
        target = entry["roles"]["target"]
        where = (version, backend)
        assert draft["identity_map"] is False, where  # slots were reused: translation changes ids
        assert draft["active_pool"] == "MHATokenToKVPool", where
        # the target role (SWA pool + shared allocator) is silent in every release
        for mode in ("raise", "warn"):
            assert target[mode]["outcome"] != "violation", (where, mode, target[mode])
        assert target["warn_kinds"] == [], where
        if expected is None:
            # fixed release: no translation for the full-only draft, and the guard is silent
            assert draft["translations"] == [], where
            assert not draft.get("swa_pool_is_target_pool"), where
            assert draft["raise"]["outcome"] != "violation", (where, draft["raise"])
            assert draft["warn_kinds"] == [], where
            if "window_wrapper" in draft:
                assert draft["window_wrapper"]["translated"] is False, where
            continue
        # the bug happens with the guard off: indices translated for a full-only pool
        assert draft["translations"], where
        if backend == "flashinfer":
            assert draft["window_wrapper"]["translated"] is True, where
        if expected == EAGLE_25103:
            assert draft["swa_pool_is_target_pool"] is True, where
        # raise mode: the first metadata call raises, with the expected kind
        assert draft["raise"]["outcome"] == "violation", (where, draft["raise"])
        assert expected in draft["raise"]["kinds"], (where, draft["raise"])
        # warn mode: counted and logged once, the call let through
        assert expected in draft["warn_kinds"], where
        assert draft["warn"]["outcome"] != "violation", where
        assert draft["warn_logged"], where


@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.23"])
def test_aiter_is_silent_in_every_role(version):
    """aiter never translated through the allocator: silent in the target and EAGLE-draft roles,
    and the draft's metadata call translates nothing (its bug, the FROZEN_KV init-cached flag,
    KVG004, is the FROZEN_KV role: test_recall_aiter.py)."""
    entry = recall(version)["backends"]["aiter"]
    if not entry["constructible"]:
        pytest.skip(f"aiter not constructible here: {entry.get('why_not')}")
    for role in ("target", "eagle_draft"):
        r = entry["roles"][role]
        assert r["raise"]["outcome"] != "violation", (role, r["raise"])
        assert r["warn_kinds"] == [], role
    assert entry["roles"]["eagle_draft"]["translations"] == []


SHIPPED_SWA_POOLS = (
    "SWAKVPool",
    "UnifiedSWAKVPool",
    "UnifiedDraftSWAKVPool",
    "DeepSeekV4TokenToKVPool",
)


def test_every_shipped_swa_pool_class_is_judged_as_the_backends_resolver_judges_it():
    """0.5.23, real pool classes: the guard's "is the active pool SWA?" per backend equals what
    that backend's own ``_resolve_swa_kv_pool`` accepts, so no shipped pool class raises a false
    alarm (FlashInfer accepts ``BaseSWAKVPool``, so ``DeepSeekV4TokenToKVPool`` counts there)."""
    _rc, data, _err = run_json("0.5.23", ["-m", "guardrails.probe.recall", "swa-classes"])
    assert all(isinstance(data["pools"][p], list) for p in SHIPPED_SWA_POOLS), data["pools"]
    judged = [n for n, e in data["backends"].items() if "pools" in e]
    assert {"flashinfer", "trtllm_mha"} <= set(judged)
    assert "BaseSWAKVPool" in data["backends"]["flashinfer"]["judged_with"]
    assert "SWAKVPool" in data["backends"]["trtllm_mha"]["judged_with"]
    for name in judged:
        for pool, r in data["backends"][name]["pools"].items():
            assert r["guard_says_swa"] == r["resolver_accepts"], (name, pool, r)
            assert r["violations"] == [], (name, pool, r)
    # the test can fail: judging FlashInfer with SWAKVPool alone flags the DeepSeek-V4 pool
    dsv4 = data["backends"]["flashinfer"]["pools"]["DeepSeekV4TokenToKVPool"]
    assert dsv4["resolver_accepts"] is True
    assert "swa-pool-on-full-active-pool" in dsv4["violations_if_judged_with_SWAKVPool"]
