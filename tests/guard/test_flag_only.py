"""The flag-only rule (invariant rule 5, kind ``swa-flag-disagrees-with-read-pool``): the pure
function, which instances get it, and the guard's mechanics on stand-in backends (no sglang).

The shape: aiter <= 0.5.19 has no ``_swa_kv_pool``; its ``use_sliding_window_kv_pool`` is cached
at ``__init__`` from the runner's own pool and decides whether SWA layers read through the full->SWA
map. A FROZEN_KV MTP draft (own full pool: flag False) then runs inside ``target_kv_pool_view``,
which swaps the target's SWA pool in: SWA layers read full-pool slot ids. The same rule on real
sglang classes (0.5.12.post1, 0.5.13.post1, 0.5.23) is in test_recall_aiter.py.
"""

import sys
import types

import pytest

import guardrails
from guardrails import hotpath, runtime
from guardrails import invariant as inv


class SWAPool:
    full_to_swa_index_mapping = None
    layers_mapping = {0: (0, True), 1: (0, False)}
    swa_layer_nums = 1


class NoSWALayersPool(SWAPool):
    swa_layer_nums = 0


class FullPool:
    pass


FLAG = inv.FLAG_DISAGREES_WITH_READ_POOL


def kinds(found):
    return [(v.kind, v.severity) for v in found]


# -- the pure function --------------------------------------------------------------------------


def test_stale_false_flag_on_an_swa_read_pool_fires():
    found = inv.check_cached_flag(SWAPool(), False, SWAPool)
    assert kinds(found) == [(FLAG, inv.ERROR)]
    assert "init-cached FROZEN_KV" in found[0].problem
    assert inv.STATIC_RULES[FLAG] == ("KVG004",)


def test_flag_matching_the_read_pool_is_silent():
    assert inv.check_cached_flag(SWAPool(), True, SWAPool) == ()
    assert inv.check_cached_flag(FullPool(), False, SWAPool) == ()
    # an SWA pool class without SWA layers needs no translation: a False flag is right
    assert inv.check_cached_flag(NoSWALayersPool(), False, SWAPool) == ()


def test_true_flag_on_a_full_read_pool_fires():
    assert kinds(inv.check_cached_flag(FullPool(), True, SWAPool)) == [(FLAG, inv.ERROR)]
    assert kinds(inv.check_cached_flag(NoSWALayersPool(), True, SWAPool)) == [(FLAG, inv.ERROR)]


def test_non_bool_flag_is_reported_without_truthiness():
    class TensorLike:
        def __bool__(self):
            raise AssertionError("no truth value of a tensor")

        def __eq__(self, other):
            raise AssertionError("no tensor comparison")

        __hash__ = object.__hash__

    found = inv.check_cached_flag(SWAPool(), TensorLike(), SWAPool)
    assert [v.kind for v in found] == [inv.FLAG_NOT_BOOL]
    pool = SWAPool()
    pool.swa_layer_nums = TensorLike()  # not an int: counts as having SWA layers, never compared
    assert inv.check_cached_flag(pool, True, SWAPool) == ()


def test_check_pool_invariant_flag_only_uses_rule_5_alone():
    # without flag_only, a backend with no SWA pool reading an SWA pool is the #26957 kind
    full_rules = [v.kind for v in inv.check_pool_invariant(SWAPool(), None, True, SWAPool)]
    assert inv.SWA_ACTIVE_WITHOUT_SWA_POOL in full_rules
    # flag_only: the SWA pool argument is ignored, only the flag is compared with the read pool
    assert inv.check_pool_invariant(SWAPool(), None, True, SWAPool, flag_only=True) == ()
    found = inv.check_pool_invariant(SWAPool(), None, False, (SWAPool,), flag_only=True)
    assert kinds(found) == [(FLAG, inv.ERROR)]
    found = inv.check_pool_invariant(FullPool(), SWAPool(), False, SWAPool, flag_only=True)
    assert found == ()


def test_which_instances_get_the_flag_only_rule():
    applies = inv.flag_check_applies
    aiter = ["AiterAttnBackend", "AttentionBackend", "object"]
    assert applies(aiter, has_swa_pool=False, has_flag=True)
    assert applies(["MyAiter"] + aiter, has_swa_pool=False, has_flag=True)  # a subclass
    assert not applies(aiter, has_swa_pool=True, has_flag=True)  # rules 1-4 instead
    assert not applies(aiter, has_swa_pool=False, has_flag=False)  # 0.5.9: no flag at all
    # a write-only flag (Triton: FROZEN_KV never writes KV) is never checked
    triton = ["TritonAttnBackend", "AttentionBackend", "object"]
    assert not applies(triton, has_swa_pool=False, has_flag=True)
    assert "TritonAttnBackend" not in inv.FLAG_READ_BACKENDS


# -- the guard's mechanics on stand-in backends ---------------------------------------------------

MOD = "kvguard_fake_aiter_mod"


def make_module():
    mod = types.ModuleType(MOD)

    class AiterAttnBackend:
        """Stand-in for aiter <= 0.5.19: the flag cached from the runner's own pool."""

        def __init__(self, model_runner):
            self.token_to_kv_pool = model_runner.token_to_kv_pool
            self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAPool)

        def init_forward_metadata(self, forward_batch):
            return "meta"

        def init_forward_metadata_out_graph(self, forward_batch, in_capture=False):
            return "out"

    class TritonAttnBackend(AiterAttnBackend.__base__):
        """Stand-in for a write-only flag backend (same attributes, not a flag-read class)."""

        __init__ = AiterAttnBackend.__init__
        init_forward_metadata = AiterAttnBackend.init_forward_metadata

    mod.AiterAttnBackend = AiterAttnBackend
    mod.TritonAttnBackend = TritonAttnBackend
    return mod


def runner(pool, draft=False, spec="FROZEN_KV_MTP"):
    return types.SimpleNamespace(
        token_to_kv_pool=pool,
        is_draft_worker=draft,
        spec_algorithm=types.SimpleNamespace(name=spec),
    )


class Batch:
    forward_mode = types.SimpleNamespace(name="DECODE")


@pytest.fixture
def mod():
    module = make_module()
    sys.modules[MOD] = module
    yield module
    runtime.uninstall()
    sys.modules.pop(MOD, None)


def install(mode):
    return guardrails.install(
        mode,
        targets={MOD: ("AiterAttnBackend", "TritonAttnBackend")},
        swa_pool_types=(SWAPool,),
        sglang_version="0.5.13.post1",
    )


def test_frozen_kv_view_with_a_stale_flag_raises_at_the_first_metadata_call(mod):
    install("raise")
    draft = mod.AiterAttnBackend(runner(FullPool(), draft=True))
    assert runtime.backend_state(draft).flag_reads is True
    assert draft.init_forward_metadata(Batch()) == "meta"  # outside the view: own full pool
    saved, draft.token_to_kv_pool = draft.token_to_kv_pool, SWAPool()  # the target-pool view
    with pytest.raises(guardrails.PoolGuardViolation, match=FLAG) as err:
        draft.init_forward_metadata(Batch())
    assert "KVG004" in inv.STATIC_RULES[err.value.violations[0].kind]
    draft.token_to_kv_pool = saved
    assert draft.init_forward_metadata(Batch()) == "meta"


def test_warn_mode_logs_once_and_lets_the_call_through(mod, caplog):
    install("warn")
    draft = mod.AiterAttnBackend(runner(FullPool(), draft=True))
    draft.token_to_kv_pool = SWAPool()
    with caplog.at_level("WARNING", logger="kvguard.guard"):
        for _ in range(3):
            assert draft.init_forward_metadata(Batch()) == "meta"
    assert sum(FLAG in r.getMessage() for r in caplog.records) == 1
    by_key = runtime.stats()["by_key"]
    assert by_key[("AiterAttnBackend", "draft", FLAG)] == 3


def test_consistent_roles_are_silent_and_the_steady_state_stays_in_the_shell(mod):
    install("raise")
    target = mod.AiterAttnBackend(runner(SWAPool()))
    eagle = mod.AiterAttnBackend(runner(FullPool(), draft=True, spec="EAGLE"))
    entered = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "enter":
            if frame.f_code.co_filename.endswith("hotpath.py"):
                entered.append(1)

    sys.setprofile(profile)
    try:
        for _ in range(4):
            assert target.init_forward_metadata(Batch()) == "meta"
            assert eagle.init_forward_metadata(Batch()) == "meta"
    finally:
        sys.setprofile(None)
    assert len(entered) == 2  # one full check per backend, then the shell's identity test
    fast = target.__dict__[hotpath.FAST_PREFIX + "init_forward_metadata"]
    assert fast[4] == 3  # "the flag only": the shell never reads a missing _swa_kv_pool


def test_a_flag_changed_under_the_same_pool_is_checked_again(mod):
    install("raise")
    pool = SWAPool()
    target = mod.AiterAttnBackend(runner(pool))
    for _ in range(3):
        target.init_forward_metadata(Batch())
    target.use_sliding_window_kv_pool = False
    with pytest.raises(guardrails.PoolGuardViolation, match=FLAG):
        target.init_forward_metadata(Batch())


def test_write_only_flag_backend_is_never_checked_by_the_flag_rule(mod):
    install("raise")
    draft = mod.TritonAttnBackend(runner(FullPool(), draft=True))
    state = runtime.backend_state(draft)
    assert state.flag_reads is False and state.applicable is False
    draft.token_to_kv_pool = SWAPool()  # the same stale flag: harmless for a write-only flag
    assert draft.init_forward_metadata(Batch()) == "meta"
    assert runtime.stats()["violations"] == 0
