"""The behavioural translation check and the current-backend context, on stand-in classes.

No sglang: ``Allocator`` / ``SWAPool`` are plain classes in a synthetic module registered as the
guard's translate targets (standing in for ``SWATokenToKVPoolAllocator`` / ``SWAKVPool``), and the
backends are plain classes registered as backend targets. The same check on the real sglang
classes is tested in test_recall.py.
"""

import json
import logging
import sys
import threading
import types

import pytest

import guardrails
from guardrails import context, runtime, translate
from guardrails.invariant import STATIC_RULES, TRANSLATION_ON_FULL_ACTIVE_POOL

BACKENDS = "kvguard_fake_translate_backends"
POOLS = "kvguard_fake_translate_pools"


class FullPool:
    pass


def make_modules():
    pools = types.ModuleType(POOLS)

    class SWAPool:
        def __init__(self):
            self.full_to_swa_index_mapping = [0, 5, 6, 7]

        def translate_loc_from_full_to_swa(self, locs):
            return [self.full_to_swa_index_mapping[i] for i in locs]

    class Allocator:
        """Shared by target and draft: holds the target's SWA pool (its map)."""

        def __init__(self, pool):
            self._kvcache = pool
            self.full_to_swa_index_mapping = pool.full_to_swa_index_mapping

        def translate_loc_from_full_to_swa(self, locs):
            return self._kvcache.translate_loc_from_full_to_swa(locs)

    pools.SWAPool, pools.Allocator = SWAPool, Allocator

    backends = types.ModuleType(BACKENDS)

    class Updater:
        """Owned by the backend (like FlashInfer's index updater): translates via the allocator."""

        def __init__(self, allocator):
            self.allocator = allocator

        def update(self, locs):
            return self.allocator.translate_loc_from_full_to_swa(locs)

    class WindowBackend:
        """No _swa_kv_pool (like FlashInfer <= 0.5.13): the invariant cannot see anything."""

        def __init__(self, model_runner):
            self.token_to_kv_pool = model_runner.token_to_kv_pool
            self.updater = Updater(model_runner.token_to_kv_pool_allocator)
            self.seen = None

        def init_forward_metadata(self, forward_batch):
            self.seen = self.updater.update([1, 2, 3])

        def read_mapping_directly(self, forward_batch):
            return self.updater.allocator.full_to_swa_index_mapping

        def init_forward_metadata_out_graph(self, forward_batch, in_capture=False):
            # reads the mapping attribute instead of calling translate
            self.seen = self.updater.allocator.full_to_swa_index_mapping[1]

    backends.WindowBackend = WindowBackend
    return pools, backends


def runner(pool, allocator, draft):
    return types.SimpleNamespace(
        token_to_kv_pool=pool,
        token_to_kv_pool_allocator=allocator,
        is_draft_worker=draft,
        spec_algorithm=types.SimpleNamespace(name="EAGLE" if draft else "NONE"),
    )


@pytest.fixture
def world():
    pools, backends = make_modules()
    sys.modules[POOLS], sys.modules[BACKENDS] = pools, backends
    originals = (
        pools.Allocator.__dict__["translate_loc_from_full_to_swa"],
        pools.SWAPool.__dict__["translate_loc_from_full_to_swa"],
    )
    target_pool = pools.SWAPool()
    allocator = pools.Allocator(target_pool)
    ns = types.SimpleNamespace(
        pools=pools,
        backends=backends,
        target_pool=target_pool,
        allocator=allocator,
        originals=originals,
    )
    yield ns
    runtime.uninstall()
    sys.modules.pop(POOLS, None)
    sys.modules.pop(BACKENDS, None)


def install(mode, ns):
    return guardrails.install(
        mode,
        targets={BACKENDS: ("WindowBackend",)},
        swa_pool_types=(ns.pools.SWAPool,),
        sglang_version="0.5.13.post1",
        translate_targets={POOLS: ("SWAPool", "Allocator")},
    )


def backends(ns):
    cls = ns.backends.WindowBackend
    target = cls(runner(ns.target_pool, ns.allocator, draft=False))
    draft = cls(runner(FullPool(), ns.allocator, draft=True))  # the same shared allocator
    return target, draft


class Batch:
    forward_mode = types.SimpleNamespace(name="EXTEND")


def test_draft_translation_through_shared_allocator_raises_target_is_fine(world):
    install("raise", world)
    target, draft = backends(world)
    target.init_forward_metadata(Batch())  # the target's active pool is SWA: legitimate
    assert target.seen == [5, 6, 7]
    with pytest.raises(guardrails.PoolGuardViolation) as info:
        draft.init_forward_metadata(Batch())
    assert [v.kind for v in info.value.violations] == [TRANSLATION_ON_FULL_ACTIVE_POOL]
    assert draft.seen is None  # raised before the translation ran
    msg = str(info.value)
    assert "WindowBackend.init_forward_metadata" in msg and "role=draft" in msg
    assert "translated by: Allocator.translate_loc_from_full_to_swa()" in msg
    assert "static rule: KVG002" in msg
    assert context.depth() == 0  # the frame was popped on the way out


def test_guard_off_lets_the_bug_happen_and_warn_counts_once_per_call(world, caplog):
    target, draft = backends(world)
    draft.init_forward_metadata(Batch())
    assert draft.seen == [5, 6, 7]  # guard off: full-pool indices translated with the SWA map
    install("warn", world)
    target, draft = backends(world)
    with caplog.at_level(logging.WARNING, logger="kvguard.guard"):
        for _ in range(3):
            draft.init_forward_metadata(Batch())  # allocator + pool translate: one report
    assert draft.seen == [5, 6, 7]  # warn lets it through
    key = ("WindowBackend", "draft", TRANSLATION_ON_FULL_ACTIVE_POOL)
    assert guardrails.stats()["by_key"] == {key: 3}
    assert len([r for r in caplog.records if "violated" in r.getMessage()]) == 1


def test_mapping_attribute_reads_are_checked_too(world):
    install("raise", world)
    target, draft = backends(world)
    target.init_forward_metadata_out_graph(Batch())
    assert target.seen == 5
    with pytest.raises(guardrails.PoolGuardViolation) as info:
        draft.init_forward_metadata_out_graph(Batch())
    assert "Allocator.full_to_swa_index_mapping" in str(info.value)


def test_outside_any_backend_call_nothing_is_asserted(world):
    install("raise", world)
    assert world.allocator.translate_loc_from_full_to_swa([1]) == [5]
    assert world.allocator.full_to_swa_index_mapping == [0, 5, 6, 7]


def test_frames_are_per_thread(world):
    """A draft and a target building metadata at the same time in two threads: each is judged by
    its own frame (the draft translates while the target's frame is open in the other thread)."""
    install("raise", world)
    target, draft = backends(world)
    inside = threading.Event()
    release = threading.Event()
    results = {}
    original_update = target.updater.update

    def slow_update(locs):
        inside.set()
        release.wait(5)
        return original_update(locs)

    target.updater.update = slow_update

    def run_target():
        try:
            target.init_forward_metadata(Batch())
            results["target"] = "ok"
        except guardrails.PoolGuardViolation:
            results["target"] = "violation"

    thread = threading.Thread(target=run_target)
    thread.start()
    assert inside.wait(5)
    with pytest.raises(guardrails.PoolGuardViolation):
        draft.init_forward_metadata(Batch())  # this thread: the draft's frame
    release.set()
    thread.join(5)
    assert results == {"target": "ok"}


def test_mapping_probe_goes_on_at_the_first_full_pool_frame_only(world):
    install("raise", world)
    pools = world.pools
    target, draft = backends(world)
    target.init_forward_metadata_out_graph(None)  # SWA frame: reads the map, legitimately
    target.read_mapping_directly(None)
    # no full-pool frame so far: every read of the map is a plain attribute read
    assert "full_to_swa_index_mapping" not in pools.Allocator.__dict__
    assert "full_to_swa_index_mapping" not in pools.SWAPool.__dict__
    deferred = runtime._installation.verify_translate()
    assert f"{POOLS}.Allocator" in deferred
    assert "full_to_swa_index_mapping (deferred)" in deferred[f"{POOLS}.Allocator"]
    # the draft's (full pool) frame arms the probes before it is pushed: its read is caught
    with pytest.raises(guardrails.PoolGuardViolation) as info:
        draft.init_forward_metadata_out_graph(None)
    assert "Allocator.full_to_swa_index_mapping" in str(info.value)
    for cls in (pools.Allocator, pools.SWAPool):
        assert isinstance(cls.__dict__["full_to_swa_index_mapping"], translate.MappingProbe)
    assert not runtime._installation.probes_pending


def test_uninstall_restores_methods_and_plain_attribute(world):
    install("raise", world)
    pools = world.pools
    target, draft = backends(world)
    with pytest.raises(guardrails.PoolGuardViolation):
        draft.init_forward_metadata(None)  # a full-pool frame: the probes are armed
    assert pools.Allocator.__dict__["translate_loc_from_full_to_swa"] is not world.originals[0]
    assert "full_to_swa_index_mapping" in pools.Allocator.__dict__  # the probe
    assert world.allocator.full_to_swa_index_mapping == [0, 5, 6, 7]
    guardrails.uninstall()
    assert pools.Allocator.__dict__["translate_loc_from_full_to_swa"] is world.originals[0]
    assert pools.SWAPool.__dict__["translate_loc_from_full_to_swa"] is world.originals[1]
    assert "full_to_swa_index_mapping" not in pools.Allocator.__dict__
    assert world.allocator.full_to_swa_index_mapping == [0, 5, 6, 7]  # value kept in __dict__
    world.allocator.full_to_swa_index_mapping = [9]
    assert world.allocator.__dict__["full_to_swa_index_mapping"] == [9]


def test_translate_check_can_be_turned_off(world):
    guardrails.install(
        "raise",
        targets={BACKENDS: ("WindowBackend",)},
        swa_pool_types=(world.pools.SWAPool,),
        sglang_version="0.5.13.post1",
        translate_targets={POOLS: ("SWAPool", "Allocator")},
        translate_check=False,
    )
    target, draft = backends(world)
    draft.init_forward_metadata(Batch())
    assert draft.seen == [5, 6, 7]


def test_json_log_record_carries_kind_and_static_rule(world, caplog, monkeypatch):
    monkeypatch.setenv("SGLANG_KV_POOL_GUARD_LOG", "json")
    install("warn", world)
    target, draft = backends(world)
    with caplog.at_level(logging.WARNING, logger="kvguard.guard"):
        draft.init_forward_metadata(Batch())
    records = [
        json.loads(r.getMessage()) for r in caplog.records if "kvguard.violation" in r.msg % r.args
    ]
    assert len(records) == 1
    rec = records[0]
    assert rec["kinds"] == [TRANSLATION_ON_FULL_ACTIVE_POOL]
    assert rec["static_rules"] == ["KVG002"]
    assert rec["role"] == "draft" and rec["backend"] == "WindowBackend"
    assert rec["active_pool"] == "FullPool"
    assert rec["translated_by"] == "Allocator.translate_loc_from_full_to_swa()"
    assert rec["forward_mode"] == "EXTEND"


def test_every_violation_kind_has_a_static_rule():
    from guardrails import invariant

    kinds = [v for k, v in vars(invariant).items() if k.isupper() and isinstance(v, str)]
    kinds = [k for k in kinds if "-" in k]
    assert kinds and set(kinds) == set(STATIC_RULES)
    assert STATIC_RULES["swa-pool-on-full-active-pool"] == ("KVG001", "KVG003")
    assert STATIC_RULES[TRANSLATION_ON_FULL_ACTIVE_POOL] == ("KVG002",)


def test_an_swa_backend_called_inside_a_full_pool_backend_shadows_its_frame(world):
    """The target's steady-state frame is pushed when another frame is open on this thread: a
    translation inside the target's call, nested in a full-pool draft's call, is the target's."""
    install("raise", world)
    target, draft = backends(world)
    target.init_forward_metadata(Batch())  # the target's steady state (empty stack: no push)
    target.init_forward_metadata(Batch())
    draft.updater = types.SimpleNamespace(update=lambda locs: target.init_forward_metadata(Batch()))
    target.seen = None
    draft.init_forward_metadata(Batch())  # no violation: the translation ran in the target's frame
    assert target.seen == [5, 6, 7] and context.depth() == 0 and context.OPEN == []
    draft.updater = types.SimpleNamespace(
        update=lambda locs: world.allocator.translate_loc_from_full_to_swa(locs)
    )
    with pytest.raises(guardrails.PoolGuardViolation):
        draft.init_forward_metadata(Batch())  # the draft's own translation still raises
