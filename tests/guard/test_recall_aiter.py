"""Runtime recall of the flag-only rule on REAL sglang ``AiterAttnBackend`` objects (CPU), per
release: the init-cached FROZEN_KV shape (static rule KVG004; aiter <= 0.5.19).

guardrails/probe/recall.py builds the real backend for a FROZEN_KV MTP draft runner (its own
full-only pool next to the target's SWA pool and shared allocator, slots reused after a free) and
runs its first metadata call inside sglang's own ``target_kv_pool_view`` (which swaps the target's
SWA pool in), three times:

* guard off: the backend's cached ``use_sliding_window_kv_pool`` is False while the pool it reads is
  the target's ``SWAKVPool``, and the kv indices the metadata built for the SWA layers are full-pool
  slot ids that differ from the SWA rows holding those tokens — the bug happens;
* raise: ``PoolGuardViolation`` (``swa-flag-disagrees-with-read-pool``) at that call;
* warn: the same kind counted and logged once, the call let through.

0.5.9 has no FROZEN_KV MTP (and no flag); 0.5.23 resolves the SWA pool (flag True in the view):
silent. The target and EAGLE-draft roles are silent in every release.
"""

import pytest

from tests.guard.conftest import run_json

pytestmark = pytest.mark.sglang

FLAG = "swa-flag-disagrees-with-read-pool"
# version -> does the FROZEN_KV draft role have the bug (None: no FROZEN_KV in the release)
BUGGY = {"0.5.9": None, "0.5.12.post1": True, "0.5.13.post1": True, "0.5.23": False}
VERSIONS = ["0.5.12.post1", "0.5.13.post1", "0.5.23", pytest.param("0.5.9", marks=pytest.mark.slow)]

_CACHE = {}


def aiter(version):
    if version not in _CACHE:
        _rc, data, _err = run_json(version, ["-m", "guardrails.probe.recall", "aiter"])
        assert data["version"] == version, data["version"]
        entry = data["backends"]["aiter"]
        assert "error" not in entry, entry.get("error")
        assert entry["constructible"] is True, entry.get("why_not")
        _CACHE[version] = entry
    return _CACHE[version]


def silent(r):
    return r["raise"]["outcome"] != "violation" and r["warn_kinds"] == []


@pytest.mark.parametrize("version", VERSIONS)
def test_aiter_frozen_kv_draft_per_release(version):
    entry = aiter(version)
    roles = entry["roles"]
    for role in ("target", "eagle_draft"):
        assert silent(roles[role]), (version, role, roles[role])
        assert roles[role]["stale_flag"] is False, (version, role)
    frozen = roles["frozen_kv_draft"]
    buggy = BUGGY[version]
    if buggy is None:
        for mode in ("off", "raise", "warn"):
            assert frozen[mode]["outcome"] == "not_applicable", (version, frozen)
        return
    assert frozen["active_pool"] == "MHATokenToKVPool"  # the draft's own pool
    assert frozen["read_pool"] == "SWAKVPool" and frozen["read_pool_is_target_pool"] is True
    assert frozen["identity_map"] is False  # slots were reused: SWA rows differ from full ids
    if not buggy:
        assert frozen["flag"] is True and frozen["stale_flag"] is False
        assert silent(frozen), frozen
        return
    # guard off: the flag cached from the draft's own pool says "not SWA" while it reads the
    # target's SWA pool; the SWA layers' rows are the full ids, not the SWA rows of those tokens
    assert frozen["flag"] is False and frozen["stale_flag"] is True
    rows = frozen["swa_layer_rows"]
    assert rows["read"] != rows["swa_rows"], rows
    # raise: the first metadata call raises; warn: counted and logged, let through
    assert frozen["raise"] == {"outcome": "violation", "kinds": [FLAG]}, frozen["raise"]
    assert frozen["warn_kinds"] == [FLAG]
    assert frozen["warn"]["outcome"] != "violation" and frozen["warn_logged"]
