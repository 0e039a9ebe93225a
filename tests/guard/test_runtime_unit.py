"""Runtime mechanics (modes, patching, logging, counting, hooks) on a stand-in backend module.

These tests need no sglang: ``FakeBackend`` is a plain class in a synthetic module registered as a
guard target, standing in for an attention backend so that the machinery can be tested quickly
and exhaustively. The same behaviour on the real sglang classes is tested in test_guard_sglang.py.
"""

import logging
import sys
import threading
import types

import pytest

import guardrails
from guardrails import hotpath, runtime, wrapper

MOD = "kvguard_fake_backend_mod"


class SWAPool:
    full_to_swa_index_mapping = None
    layers_mapping = {0: (0, True), 1: (0, False)}


class FullPool:
    pass


def make_module(name=MOD):
    mod = types.ModuleType(name)

    class FakeBackend:
        calls = []

        def __init__(self, model_runner, skip_prefill=False):
            self.token_to_kv_pool = model_runner.token_to_kv_pool
            swa = model_runner.token_to_kv_pool_allocator_kvcache
            self._swa_kv_pool = swa
            self.use_sliding_window_kv_pool = swa is not None

        def init_forward_metadata(self, forward_batch):
            FakeBackend.calls.append("init_forward_metadata")
            return "meta"

        def init_forward_metadata_out_graph(self, forward_batch, in_capture=False):
            FakeBackend.calls.append("out_graph")

        def forward_decode(self, q, k, v, layer, forward_batch, save_kv_cache=True, **kw):
            FakeBackend.calls.append("forward_decode")
            return "out"

        def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True, **kw):
            return "ext"

        def init_forward_metadata_replay_cuda_graph(
            self,
            bs,
            req_pool_indices,
            seq_lens,
            seq_lens_sum,
            encoder_lens,
            forward_mode,
            spec_info,
            seq_lens_cpu=None,
        ):
            return "replay"

    class ChildBackend(FakeBackend):
        def init_forward_metadata(self, forward_batch):
            return super().init_forward_metadata(forward_batch)

    class NoSWABackend:
        def __init__(self, model_runner):
            self.token_to_kv_pool = model_runner.token_to_kv_pool

        def init_forward_metadata(self, forward_batch):
            return "noswa"

    mod.FakeBackend = FakeBackend
    mod.ChildBackend = ChildBackend
    mod.NoSWABackend = NoSWABackend
    return mod


def runner(pool, swa, draft=False, spec="EAGLE"):
    return types.SimpleNamespace(
        token_to_kv_pool=pool,
        token_to_kv_pool_allocator_kvcache=swa,
        is_draft_worker=draft,
        spec_algorithm=types.SimpleNamespace(name=spec),
    )


class Layer:
    def __init__(self, layer_id):
        self.layer_id = layer_id


class Batch:
    forward_mode = types.SimpleNamespace(name="DECODE")


TARGETS = {MOD: ("FakeBackend", "ChildBackend", "NoSWABackend")}


@pytest.fixture
def mod():
    module = make_module()
    sys.modules[MOD] = module
    yield module
    runtime.uninstall()
    sys.modules.pop(MOD, None)


def do_install(mode, **kw):
    return guardrails.install(
        mode, targets=TARGETS, swa_pool_types=(SWAPool,), sglang_version="0.5.23", **kw
    )


def eagle_bug(mod, cls=None):
    """The #25103 shape: draft with its own full pool, SWA pool taken from the target."""
    cls = cls or mod.FakeBackend
    return cls(runner(FullPool(), SWAPool(), draft=True))


def test_off_mode_wraps_nothing(mod):
    before = dict(vars(mod.FakeBackend))
    assert do_install("off") is guardrails.Mode.OFF
    assert dict(vars(mod.FakeBackend)) == before
    assert not guardrails.is_installed()
    eagle_bug(mod).init_forward_metadata(Batch())  # no guard, no error


def test_uninstall_restores_exact_objects(mod):
    originals = {
        n: mod.FakeBackend.__dict__[n]
        for n in (
            "__init__",
            "init_forward_metadata",
            "init_forward_metadata_out_graph",
            "forward_decode",
            "forward_extend",
        )
    }
    child_had = set(vars(mod.ChildBackend))
    do_install("raise")
    for name, fn in originals.items():
        assert mod.FakeBackend.__dict__[name] is not fn
        assert mod.FakeBackend.__dict__[name].__wrapped__ is fn
    assert (
        mod.FakeBackend.__name__ == "FakeBackend"
        and mod.FakeBackend is sys.modules[MOD].FakeBackend
    )
    guardrails.uninstall()
    for name, fn in originals.items():
        assert mod.FakeBackend.__dict__[name] is fn
    # inherited methods that were wrapped on the child are removed again, not left behind
    assert set(vars(mod.ChildBackend)) == child_had


def test_raise_mode_raises_dedicated_exception_before_original(mod):
    do_install("raise")
    b = eagle_bug(mod)
    mod.FakeBackend.calls.clear()
    with pytest.raises(guardrails.PoolGuardViolation) as info:
        b.init_forward_metadata(Batch())
    assert mod.FakeBackend.calls == []  # raised before the original ran
    msg = str(info.value)
    for part in [
        "FakeBackend.init_forward_metadata",
        "role=draft",
        "spec_algorithm=EAGLE",
        "forward_mode=DECODE",
        "active pool: FullPool",
        "SWA pool (_swa_kv_pool): SWAPool",
        "is the active pool: no",
        "use_sliding_window_kv_pool: True",
        "fix:",
    ]:
        assert part in msg, part
    assert isinstance(info.value, AssertionError)
    assert info.value.violations[0].kind == "swa-pool-on-full-active-pool"


def test_consistent_backends_are_silent_and_counted(mod):
    do_install("raise")
    pool = SWAPool()
    good = [mod.FakeBackend(runner(pool, pool)), mod.FakeBackend(runner(FullPool(), None))]
    for b in good:
        assert b.init_forward_metadata(Batch()) == "meta"
        b.init_forward_metadata_out_graph(Batch())
    s = guardrails.stats()
    assert s["violations"] == 0 and s["checks"] == 4


def test_warn_logs_once_per_class_role_kind_and_counts_all(mod, caplog):
    do_install("warn")
    caplog.set_level(logging.WARNING, logger="kvguard.guard")
    b1, b2 = eagle_bug(mod), eagle_bug(mod)
    for _ in range(3):
        assert b1.init_forward_metadata(Batch()) == "meta"
        assert b2.init_forward_metadata(Batch()) == "meta"
    records = [r for r in caplog.records if "invariant violated" in r.getMessage()]
    assert len(records) == 1
    s = guardrails.stats()
    assert s["by_key"] == {("FakeBackend", "draft", "swa-pool-on-full-active-pool"): 6}
    # another role is another key: logged once more
    t = mod.FakeBackend(runner(FullPool(), SWAPool(), draft=False))
    t.init_forward_metadata(Batch())
    assert len([r for r in caplog.records if "invariant violated" in r.getMessage()]) == 2


def test_warn_mode_survives_broken_internals(mod, monkeypatch, caplog):
    do_install("warn")
    caplog.set_level(logging.ERROR, logger="kvguard.guard")

    def broken(*a, **k):
        raise RuntimeError("deliberately broken guard internals")

    monkeypatch.setattr(hotpath, "check_pool_invariant", broken)
    b = eagle_bug(mod)
    for _ in range(3):
        assert b.init_forward_metadata(Batch()) == "meta"
        assert b.forward_decode(1, 2, 3, Layer(0), Batch()) == "out"
    errors = [r for r in caplog.records if "internal error" in r.getMessage()]
    assert len(errors) == 1  # one error log, then the check is disabled for that backend
    assert guardrails.backend_state(b).disabled
    assert guardrails.stats()["internal_errors"] == 1
    # another instance is not affected by the first one's disabled flag (no shared state)
    other = eagle_bug(mod)
    assert not guardrails.backend_state(other).disabled


def test_raise_mode_internal_failure_does_not_raise(mod, monkeypatch):
    do_install("raise")
    monkeypatch.setattr(hotpath, "check_pool_invariant", lambda *a, **k: 1 / 0)
    assert eagle_bug(mod).init_forward_metadata(Batch()) == "meta"


def test_broken_init_recording_never_breaks_construction(mod, monkeypatch):
    do_install("raise")

    def broken(*a, **k):
        raise RuntimeError("deliberately broken state recording")

    monkeypatch.setattr(wrapper, "record_init", broken)
    b = eagle_bug(mod)
    assert guardrails.backend_state(b) is None
    assert b.init_forward_metadata(Batch()) == "meta"  # not checked, not broken


def test_not_applicable_instances_are_not_checked(mod):
    do_install("raise")
    b = mod.NoSWABackend(runner(SWAPool(), None))
    assert b.init_forward_metadata(Batch()) == "noswa"
    assert guardrails.backend_state(b).applicable is False


def test_super_calls_are_checked_once(mod):
    do_install("warn")
    b = eagle_bug(mod, mod.ChildBackend)
    b.init_forward_metadata(Batch())
    assert guardrails.stats()["violations"] == 1
    assert guardrails.backend_state(b).backend_class == "ChildBackend"


def test_forward_checked_once_per_batch_unless_per_layer(mod):
    do_install("warn")
    b = eagle_bug(mod)
    batch = Batch()
    for layer in range(4):
        b.forward_decode(1, 2, 3, Layer(layer), batch)
    assert guardrails.stats()["checks"] == 1
    b.forward_decode(1, 2, 3, Layer(0), Batch())  # a new batch: checked again
    assert guardrails.stats()["checks"] == 2
    do_install("warn", per_layer=True)
    guardrails.reset_stats()
    pool = SWAPool()
    good = mod.FakeBackend(runner(pool, pool))
    for layer in (0, 1, 7):
        good.forward_decode(1, 2, 3, Layer(layer), batch)
    s = guardrails.stats()
    assert s["checks"] == 3
    assert s["by_key"] == {("FakeBackend", "target", "layer-not-in-swa-pool"): 1}


def test_modern_wiring_reads_self_pool_at_call_time(mod):
    """FROZEN_KV-like swap: the pool is replaced on the backend around the draft forward."""
    do_install("raise")
    target = SWAPool()
    draft = mod.FakeBackend(runner(FullPool(), None, draft=True, spec="FROZEN_KV_MTP"))
    draft.init_forward_metadata(Batch())  # own pool, no SWA pool: fine
    saved = draft.token_to_kv_pool
    draft.token_to_kv_pool = target  # inside the view; SWA pool resolved at init = None
    with pytest.raises(guardrails.PoolGuardViolation, match="swa-active-pool-without-swa-pool"):
        draft.init_forward_metadata(Batch())
    draft.token_to_kv_pool = saved


def test_memo_of_the_last_consistent_check_never_hides_a_change(mod):
    """The hot path skips the invariant for the same (pool, SWA pool, flag) objects; any change of
    one of them must be checked again."""
    do_install("raise")
    pool = SWAPool()
    backend = mod.FakeBackend(runner(pool, pool))
    for _ in range(3):
        backend.init_forward_metadata(Batch())  # consistent, then memoized
    backend.use_sliding_window_kv_pool = False  # the flag changes
    with pytest.raises(guardrails.PoolGuardViolation, match="flag-disagrees"):
        backend.init_forward_metadata(Batch())
    backend.use_sliding_window_kv_pool = True
    backend.init_forward_metadata(Batch())
    backend._swa_kv_pool = SWAPool()  # another SWA pool object (different mapping)
    with pytest.raises(guardrails.PoolGuardViolation, match="swa-pool-is-not-the-active-pool"):
        backend.init_forward_metadata(Batch())
    backend._swa_kv_pool = pool
    backend.token_to_kv_pool = FullPool()  # the active pool changes
    with pytest.raises(guardrails.PoolGuardViolation, match="swa-pool-on-full-active-pool"):
        backend.init_forward_metadata(Batch())
    assert runtime.stats()["checks"] >= 7


def test_steady_state_is_decided_in_the_shell_and_a_failing_pool_read_is_contained(mod):
    """After the first call, a consistent backend's calls never enter ``hotpath.enter`` (the shell
    compares the same objects inline); a pool read that fails there goes to the full path, which
    contains the fault: the call proceeds, that instance is disabled, one internal error."""
    do_install("raise")
    pool = SWAPool()
    backend = mod.FakeBackend(runner(pool, pool))
    entered = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "enter":
            if frame.f_code.co_filename.endswith("hotpath.py"):
                entered.append(1)

    sys.setprofile(profile)
    try:
        for _ in range(4):
            assert backend.init_forward_metadata(Batch()) == "meta"
    finally:
        sys.setprofile(None)
    assert len(entered) == 1 and runtime.stats()["checks"] == 4

    def broken(self):
        raise RuntimeError("a pool read that fails")

    mod.FakeBackend.token_to_kv_pool = property(broken)
    try:
        assert backend.init_forward_metadata(Batch()) == "meta"
        assert backend.init_forward_metadata(Batch()) == "meta"
    finally:
        del mod.FakeBackend.token_to_kv_pool
    state = runtime.backend_state(backend)
    assert state.disabled and runtime.stats()["internal_errors"] == 1
    fast = {k: v for k, v in vars(backend).items() if k.startswith(hotpath.FAST_PREFIX)}
    assert fast and all(v is None for v in fast.values())


def test_post_import_hook_patches_lazily():
    name = "kvguard_fake_backend_lazy"
    sys.modules.pop(name, None)
    guardrails.install(
        "raise",
        targets={name: ("FakeBackend",)},
        swa_pool_types=(SWAPool,),
        sglang_version="0.5.23",
    )
    try:
        assert guardrails.installed_methods() == {}
        import importlib.abc
        import importlib.machinery

        class Loader(importlib.abc.Loader):
            def create_module(self, spec):
                return None

            def exec_module(self, module):
                module.FakeBackend = make_module(name).FakeBackend
                module.FakeBackend.__module__ = name

        class Finder(importlib.abc.MetaPathFinder):
            def find_spec(self, fullname, path=None, target=None):
                if fullname == name:
                    return importlib.machinery.ModuleSpec(name, Loader())
                return None

        finder = Finder()
        sys.meta_path.append(finder)
        try:
            module = __import__(name)
        finally:
            sys.meta_path.remove(finder)
        assert getattr(
            module.FakeBackend.__dict__["init_forward_metadata"], "__kvguard_wrapper__", None
        )
        assert list(guardrails.installed_methods()) == [f"{name}.FakeBackend"]
    finally:
        guardrails.uninstall()
        sys.modules.pop(name, None)
    assert not hasattr(module.FakeBackend.__dict__["init_forward_metadata"], "__kvguard_wrapper__")


def test_guarded_context_manager_restores_previous_state(mod):
    pristine = mod.FakeBackend.__dict__["init_forward_metadata"]
    guardrails.install("warn", targets=TARGETS, swa_pool_types=(SWAPool,), sglang_version="0.5.23")
    with guardrails.guarded("raise"):
        assert guardrails.current_mode() is guardrails.Mode.RAISE
        with pytest.raises(guardrails.PoolGuardViolation):
            eagle_bug(mod).init_forward_metadata(Batch())
    assert guardrails.current_mode() is guardrails.Mode.WARN
    guardrails.uninstall()
    with guardrails.guarded("raise"):
        pass
    assert not guardrails.is_installed()
    assert mod.FakeBackend.__dict__["init_forward_metadata"] is pristine


def test_thread_safe_counting(mod):
    do_install("warn")
    backends = [eagle_bug(mod) for _ in range(8)]

    def work(b):
        for _ in range(500):
            b.init_forward_metadata(Batch())

    threads = [threading.Thread(target=work, args=(b,)) for b in backends]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert guardrails.stats()["violations"] == 8 * 500


@pytest.mark.parametrize(
    "env,expected",
    [
        ({}, "off"),
        ({"SGLANG_KV_POOL_GUARD": "warn"}, "warn"),
        ({"SGLANG_KV_POOL_GUARD": "RAISE"}, "raise"),
        ({"SGLANG_KV_POOL_GUARD": "off", "SGLANG_INVARIANT_CHECK": "2"}, "off"),
        ({"SGLANG_INVARIANT_CHECK": "1"}, "warn"),
        ({"SGLANG_INVARIANT_CHECK": "2"}, "raise"),
        ({"SGLANG_INVARIANT_CHECK": "0"}, "off"),
        ({"SGLANG_KV_POOL_GUARD": "", "SGLANG_INVARIANT_CHECK": "1"}, "warn"),
        ({"SGLANG_KV_POOL_GUARD": "warn", "SGLANG_INVARIANT_CHECK": "2"}, "warn"),
        ({"SGLANG_INVARIANT_CHECK": "junk"}, "off"),
    ],
)
def test_mode_from_env(env, expected):
    assert guardrails.mode_from_env(env).value == expected


def test_bad_env_value_is_a_clear_error():
    with pytest.raises(
        guardrails.GuardConfigError, match="SGLANG_KV_POOL_GUARD='bogus'.*off, warn, raise"
    ):
        guardrails.mode_from_env({"SGLANG_KV_POOL_GUARD": "bogus"})


def test_plugin_does_nothing_unless_enabled(monkeypatch):
    from guardrails import plugin

    monkeypatch.delenv("SGLANG_KV_POOL_GUARD", raising=False)
    monkeypatch.delenv("SGLANG_INVARIANT_CHECK", raising=False)
    n = len(sys.meta_path)
    plugin.load_plugin()
    assert not guardrails.is_installed() and len(sys.meta_path) == n
    monkeypatch.setenv("SGLANG_KV_POOL_GUARD", "bogus")
    with pytest.raises(guardrails.GuardConfigError):
        plugin.load_plugin()
    assert not guardrails.is_installed()


def test_launcher_takes_its_own_flag_and_exports_it(monkeypatch):
    monkeypatch.delenv("SGLANG_KV_POOL_GUARD", raising=False)
    from guardrails import launch_server

    argv = ["--model-path", "m", "--kv-pool-guard", "raise", "--port", "1"]
    assert launch_server._take_mode_arg(argv) == ["--model-path", "m", "--port", "1"]
    import os

    assert os.environ["SGLANG_KV_POOL_GUARD"] == "raise"
    assert launch_server._take_mode_arg(["--kv-pool-guard=warn"]) == []
    assert os.environ["SGLANG_KV_POOL_GUARD"] == "warn"


class LegacyBatch:
    def __init__(self, pool):
        self.token_to_kv_pool = pool
        self.forward_mode = types.SimpleNamespace(name="DECODE")


def test_legacy_wiring_pool_sources(mod):
    """<= 0.5.12: pool from forward_batch; replay (no batch) uses the last batch pool, else the
    runner's pool; a FROZEN_KV draft's no-batch calls are skipped (the views swap the batch pool).
    """
    guardrails.install(
        "raise", targets=TARGETS, swa_pool_types=(SWAPool,), sglang_version="0.5.12.post1"
    )
    target = SWAPool()
    replay_args = (2, None, None, 0, None, types.SimpleNamespace(name="DECODE"), None)
    # EAGLE draft: own full pool, SWA pool from the shared allocator -> fires with and without batch
    eagle = mod.FakeBackend(runner(FullPool(), target, draft=True, spec="EAGLE"))
    with pytest.raises(guardrails.PoolGuardViolation, match="stashed at __init__"):
        eagle.init_forward_metadata_replay_cuda_graph(*replay_args)
    with pytest.raises(guardrails.PoolGuardViolation, match="forward_batch.token_to_kv_pool"):
        eagle.init_forward_metadata(LegacyBatch(FullPool()))
    # FROZEN_KV draft: same wiring; the batch pool is swapped to the target pool by the view
    frozen = mod.FakeBackend(runner(FullPool(), target, draft=True, spec="FROZEN_KV_MTP"))
    assert frozen.init_forward_metadata_replay_cuda_graph(*replay_args) == "replay"  # skipped
    assert frozen.init_forward_metadata(LegacyBatch(target)) == "meta"  # in the view: consistent
    with pytest.raises(guardrails.PoolGuardViolation):
        frozen.init_forward_metadata(LegacyBatch(FullPool()))  # outside any view: real mismatch
    # a target that saw a batch uses that pool at replay
    t = mod.FakeBackend(runner(target, target))
    t.init_forward_metadata(LegacyBatch(target))
    assert t.init_forward_metadata_replay_cuda_graph(*replay_args) == "replay"
    assert guardrails.backend_state(t).last_batch_pool is target


def _guard_entries(call):
    """Python functions of ``guardrails`` entered by ``call()`` (the shells are compiled from
    ``<kvguard shell ...>``, outside ``guardrails/``: not counted)."""
    seen = []

    def profile(frame, event, arg):
        if event == "call" and "guardrails" in frame.f_code.co_filename:
            seen.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


def test_legacy_steady_state_calls_no_guard_function(mod):
    """<= 0.5.12 wiring: once a backend has seen its batch pool, a graph replay (no batch) and an
    eager metadata call (batch) are decided in the shell: no ``enter``, no ``active_pool``; each
    still counts its check."""
    guardrails.install(
        "raise", targets=TARGETS, swa_pool_types=(SWAPool,), sglang_version="0.5.12.post1"
    )
    target = SWAPool()
    t = mod.FakeBackend(runner(target, target))
    batch = LegacyBatch(target)
    replay_args = (2, None, None, 0, None, types.SimpleNamespace(name="DECODE"), None)
    t.init_forward_metadata(batch)
    t.init_forward_metadata_replay_cuda_graph(*replay_args)
    before = guardrails.stats()["checks"]
    assert _guard_entries(lambda: t.init_forward_metadata_replay_cuda_graph(*replay_args)) == []
    assert _guard_entries(lambda: t.init_forward_metadata(batch)) == []
    assert guardrails.stats()["checks"] == before + 2
    # before any batch the replay's pool is the runner's (stashed): the full path decides
    fresh = mod.FakeBackend(runner(target, target))
    assert "active_pool" in _guard_entries(
        lambda: fresh.init_forward_metadata_replay_cuda_graph(*replay_args)
    )


def test_legacy_inline_pool_keeps_the_last_batch_pool_and_sees_a_change(mod):
    """The inline form changes nothing ``active_pool`` would have recorded: a batch call whose
    pool is not the last one recorded takes the full path (which records it), so a later replay
    reads the right pool; a changed batch pool is checked (and a full pool fires) on the replay
    too."""
    guardrails.install(
        "warn", targets=TARGETS, swa_pool_types=(SWAPool,), sglang_version="0.5.12.post1"
    )
    target, other = SWAPool(), SWAPool()
    t = mod.FakeBackend(runner(target, target))
    replay_args = (2, None, None, 0, None, types.SimpleNamespace(name="DECODE"), None)
    state = guardrails.backend_state(t)
    for _ in range(2):
        t.init_forward_metadata(LegacyBatch(target))  # steady state for this method
        t.init_forward_metadata_replay_cuda_graph(*replay_args)
    t.forward_decode(None, None, None, Layer(0), LegacyBatch(other))  # records `other`
    assert state.last_batch_pool is other
    t.init_forward_metadata(LegacyBatch(target))  # would hit, but `other` is recorded: full path
    assert state.last_batch_pool is target
    assert t.init_forward_metadata_replay_cuda_graph(*replay_args) == "replay"
    violations = guardrails.stats()["violations"]
    t.init_forward_metadata(LegacyBatch(FullPool()))  # the pool changes under the SWA backend
    full = state.last_batch_pool
    assert isinstance(full, FullPool)
    t.init_forward_metadata_replay_cuda_graph(*replay_args)  # reads that pool: fires as well
    assert guardrails.stats()["violations"] == violations + 2
    frozen = mod.FakeBackend(runner(FullPool(), target, draft=True, spec="FROZEN_KV_MTP"))
    frozen.init_forward_metadata(LegacyBatch(target))
    for _ in range(3):  # no steady state for an unknown pool: skipped every time
        assert frozen.init_forward_metadata_replay_cuda_graph(*replay_args) == "replay"
    assert "_kvguard_fast_init_forward_metadata_replay_cuda_graph" not in vars(frozen)


def test_wiring_generations_are_discovered_and_the_newest_serving_one_is_chosen(monkeypatch):
    from guardrails import wiring

    gens = wiring.generations()
    assert [g.GENERATION for g in gens] == ["legacy", "modern"]
    assert wiring.select((0, 5, 12)).GENERATION == "legacy"
    assert wiring.select((0, 5, 13)).GENERATION == "modern"
    # a third generation is one more module declaring SERVES_FROM: chosen from its version on
    future = types.ModuleType("guardrails.wiring.future")
    future.GENERATION, future.SERVES_FROM, future.FORWARD_BATCH_HAS_POOL = (
        "future",
        (0, 6, 0),
        False,
    )
    monkeypatch.setattr(wiring, "_GENERATIONS", gens + [future])
    assert wiring.select((0, 5, 23)).GENERATION == "modern"
    assert wiring.select((0, 6, 1)) is future
    assert wiring.select((), False) is future
