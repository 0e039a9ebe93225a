"""Guard scenarios on REAL sglang classes, run in a subprocess per sglang version.

    python -m tests.guard.scenarios NAME [NAME ...]      # prints one JSON object on stdout

Run with the interpreter/PYTHONPATH of the sglang version under test (the 0.5.23 ``.venv``, or
``PYTHONPATH=<overlay>`` for 0.5.12.post1 / 0.5.9). Each scenario returns *observations* (what
was raised, logged, counted, which objects are in place); the assertions live in
``test_guard_sglang.py``. Stand-ins used (see tests/support/cpu_stubs.py): the torchvision import
stub and the four flashinfer names; attention kernels never run on CPU, so where an original
backend method is reached it may fail with a CPU-only error (a triton driver error, a missing
flashinfer name) — that is recorded as ``original_reached`` with the error type.

This module imports nothing heavy at import time (it is re-imported by spawned children).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import traceback

from guardrails.probe.recall import _Capture, captured_guard_logs  # noqa: E402

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)

SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


# the guard-log capture is the probe's (guardrails/probe/recall.py), not a copy of it


def call(fn, *args, **kwargs):
    """Run a guarded backend call; classify the outcome."""
    import guardrails

    try:
        fn(*args, **kwargs)
        return {"outcome": "ok"}
    except guardrails.PoolGuardViolation as exc:
        return {
            "outcome": "violation",
            "kinds": [v.kind for v in exc.violations],
            "message": str(exc),
        }
    except Exception as exc:  # the original ran and hit a CPU-only limitation
        return {"outcome": "original_reached", "error": f"{type(exc).__name__}: {str(exc)[:200]}"}


def rs():
    from tests.support import real_sglang

    return real_sglang


def radix_layer(layer_id=0):
    mod = __import__("sglang.srt.layers.radix_attention", fromlist=["RadixAttention"])
    R = rs()
    return R._call_with_supported(
        mod.RadixAttention,
        num_heads=R.NUM_Q_HEADS,
        head_dim=R.HEAD_DIM,
        scaling=1.0,
        num_kv_heads=R.HEAD_NUM,
        layer_id=layer_id,
    )


def qkv(batch):
    import torch

    R = rs()
    n = batch.out_cache_loc.shape[0]
    q = torch.zeros(n, R.NUM_Q_HEADS * R.HEAD_DIM, dtype=R.DTYPE)
    k = torch.zeros(n, R.HEAD_NUM, R.HEAD_DIM, dtype=R.DTYPE)
    v = torch.zeros(n, R.HEAD_NUM, R.HEAD_DIM, dtype=R.DTYPE)
    return q, k, v


def metadata_calls(backend, runner, batch):
    """The metadata entry points of this version's API, as (name, thunk)."""
    R = rs()
    calls = [("init_forward_metadata", lambda: backend.init_forward_metadata(batch))]
    if R.sglang_facts().modern_api:
        calls.append(
            (
                "init_forward_metadata_out_graph",
                lambda: backend.init_forward_metadata_out_graph(batch, in_capture=False),
            )
        )
    else:
        mode = batch.forward_mode
        calls.append(
            (
                "init_forward_metadata_capture_cuda_graph",
                lambda: backend.init_forward_metadata_capture_cuda_graph(
                    batch.batch_size,
                    batch.batch_size,
                    batch.req_pool_indices,
                    batch.seq_lens,
                    None,
                    mode,
                    None,
                ),
            )
        )
        calls.append(
            (
                "init_forward_metadata_replay_cuda_graph",
                lambda: backend.init_forward_metadata_replay_cuda_graph(
                    batch.batch_size,
                    batch.req_pool_indices,
                    batch.seq_lens,
                    batch.seq_lens_sum,
                    None,
                    mode,
                    None,
                    batch.seq_lens_cpu,
                ),
            )
        )
    q, k, v = qkv(batch)
    calls.append(("forward_decode", lambda: backend.forward_decode(q, k, v, radix_layer(0), batch)))
    return calls


def guard_summary():
    import guardrails

    s = guardrails.stats()
    return {
        "mode": s["mode"],
        "checks": s["checks"],
        "violations": s["violations"],
        "internal_errors": s["internal_errors"],
        "by_key": {"|".join(k): n for k, n in s["by_key"].items()},
    }


# ------------------------------------------------------------------------------------------------


@scenario
def facts():
    f = rs().sglang_facts()
    return {
        "version": f.version,
        "modern_api": f.modern_api,
        "has_frozen_kv_mtp": f.has_frozen_kv_mtp,
        "has_plugins": f.has_plugins,
    }


@scenario
def eagle_draft_raise():
    """Issue case 1 (raise): EAGLE draft backend -> fires at the first metadata call."""
    import guardrails

    R = rs()
    guardrails.install("raise")
    try:
        s = R.build_runner_set()
        backend = R.build_trtllm_backend(s.eagle_draft)
        batch = R.make_forward_batch(s.eagle_draft)
        out = {
            "swa_pool_is_target_pool": backend._swa_kv_pool is s.target_pool,
            "flag": backend.use_sliding_window_kv_pool,
            "state": vars(guardrails.backend_state(backend)).copy(),
        }
        out["state"] = {
            k: out["state"][k]
            for k in ("backend_class", "role", "spec_algorithm", "sglang_version")
        }
        out["calls"] = {
            name: call(thunk) for name, thunk in metadata_calls(backend, s.eagle_draft, batch)
        }
        out["forward_metadata_after_first_call"] = (
            getattr(backend, "forward_metadata", None) is not None
        )
        # the multi-step draft backend: its per-step children are real TRTLLMHAAttnBackend objects
        ms = R.build_multistep_draft_backend(s.eagle_draft, topk=1, steps=3)
        out["multistep_children"] = [type(c).__name__ for c in ms.attn_backends if c is not None]
        out["multistep_class_patched"] = "init_forward_metadata" in type(ms).__dict__ and hasattr(
            type(ms).__dict__["init_forward_metadata"], "__kvguard_wrapper__"
        )
        out["multistep"] = call(ms.init_forward_metadata, R.make_forward_batch(s.eagle_draft))
        out["target"] = call(
            R.build_trtllm_backend(s.target).init_forward_metadata, R.make_forward_batch(s.target)
        )
        out["guard"] = guard_summary()
        return out
    finally:
        guardrails.uninstall()


@scenario
def eagle_draft_warn():
    """Issue case 1 (warn): logs once, counts every violation, the originals still run."""
    import guardrails

    R = rs()
    guardrails.install("warn")
    try:
        with captured_guard_logs() as records:
            s = R.build_runner_set()
            b1 = R.build_trtllm_backend(s.eagle_draft)
            b2 = R.build_trtllm_backend(s.eagle_draft)
            outcomes = []
            for _ in range(3):
                for b in (b1, b2):
                    outcomes.append(
                        call(b.init_forward_metadata, R.make_forward_batch(s.eagle_draft))
                    )
        return {
            "outcomes": outcomes,
            "violation_logs": [m for lvl, m in records if "invariant violated" in m],
            "installed_logs": [m for lvl, m in records if "guard installed on" in m],
            "guard": guard_summary(),
        }
    finally:
        guardrails.uninstall()


@scenario
def consistent_shapes_silent():
    """Issue case 2: target, EAGLE draft (+ multi-step children), FROZEN_KV draft inside the REAL
    target_kv_pool_view swap -> no violation on this version's code."""
    import guardrails

    R = rs()
    guardrails.install("raise")
    try:
        s = R.build_runner_set()
        out = {}
        target = R.build_trtllm_backend(s.target)
        tb = R.make_forward_batch(s.target)
        out["target"] = {n: call(t) for n, t in metadata_calls(target, s.target, tb)}
        eagle = R.build_trtllm_backend(s.eagle_draft)
        eb = R.make_forward_batch(s.eagle_draft)
        out["eagle_draft"] = {n: call(t) for n, t in metadata_calls(eagle, s.eagle_draft, eb)}
        ms = R.build_multistep_draft_backend(s.eagle_draft, topk=1, steps=3)
        out["eagle_multistep"] = call(ms.init_forward_metadata, R.make_forward_batch(s.eagle_draft))
        if s.frozen_kv_draft is not None:
            frozen = R.build_trtllm_backend(s.frozen_kv_draft)
            fb = R.make_forward_batch(s.frozen_kv_draft)
            inside = {}
            with R.active_pool_view(frozen, fb, s.target_pool):
                active = (
                    frozen.__dict__.get("token_to_kv_pool")
                    if R.sglang_facts().modern_api
                    else fb.token_to_kv_pool
                )
                inside["active_is_target_pool"] = active is s.target_pool
                for n, t in metadata_calls(frozen, s.frozen_kv_draft, fb):
                    inside[n] = call(t)
            out["frozen_kv_in_view"] = inside
            out["frozen_swa_pool_is_target"] = frozen._swa_kv_pool is s.target_pool
        out["guard"] = guard_summary()
        return out
    finally:
        guardrails.uninstall()


@scenario
def frozen_26957_shape():
    """Issue case 3: a FROZEN_KV draft whose SWA pool was resolved at __init__ from its OWN pool
    (the pool-only resolution of #25103-era main), run inside the real target_kv_pool_view."""
    import guardrails

    R = rs()
    if not R.sglang_facts().has_frozen_kv_mtp:
        return {"skipped": "no FROZEN_KV MTP"}
    guardrails.install("raise")
    mod = R.trtllm_module()
    swa_cls = R.swa_pool_class()
    original = mod.TRTLLMHAAttnBackend.__dict__.get("_resolve_swa_kv_pool")
    try:
        s = R.build_runner_set()
        # historical shape: pool-based at __init__, no FROZEN_KV fallback
        pool_only = staticmethod(
            lambda mr: mr.token_to_kv_pool if isinstance(mr.token_to_kv_pool, swa_cls) else None
        )
        if original is not None:
            mod.TRTLLMHAAttnBackend._resolve_swa_kv_pool = pool_only
            frozen = R.build_trtllm_backend(s.frozen_kv_draft)
        else:  # legacy file: emulate the same init-time result on the real object
            frozen = R.build_trtllm_backend(s.frozen_kv_draft)
            frozen._swa_kv_pool = pool_only.__func__(s.frozen_kv_draft)
            frozen.use_sliding_window_kv_pool = frozen._swa_kv_pool is not None
        fb = R.make_forward_batch(s.frozen_kv_draft)
        out = {
            "init_swa_pool": repr(frozen._swa_kv_pool),
            "init_flag": frozen.use_sliding_window_kv_pool,
        }
        out["outside_view"] = call(frozen.init_forward_metadata, fb)
        with R.active_pool_view(frozen, fb, s.target_pool):
            out["in_view"] = {n: call(t) for n, t in metadata_calls(frozen, s.frozen_kv_draft, fb)}
        out["guard"] = guard_summary()
        return out
    finally:
        if original is not None:
            mod.TRTLLMHAAttnBackend._resolve_swa_kv_pool = original
        guardrails.uninstall()


METHOD_NAMES = (
    "__init__",
    "init_forward_metadata",
    "init_forward_metadata_out_graph",
    "init_forward_metadata_capture_cuda_graph",
    "init_forward_metadata_replay_cuda_graph",
    "forward_decode",
    "forward_extend",
    "forward",
)


@scenario
def off_mode_originals():
    """Issue case 4a: off mode leaves the original function objects in place."""
    import guardrails
    from guardrails import plugin

    R = rs()
    mod = R.trtllm_module()
    fi = sys.modules["sglang.srt.layers.attention.flashinfer_backend"]
    classes = [mod.TRTLLMHAAttnBackend, fi.FlashInferAttnBackend]
    before = {(c.__name__, n): c.__dict__.get(n) for c in classes for n in METHOD_NAMES}
    os.environ.pop("SGLANG_KV_POOL_GUARD", None)
    os.environ.pop("SGLANG_INVARIANT_CHECK", None)
    plugin.load_plugin()
    after_plugin = all(
        c.__dict__.get(n) is before[(c.__name__, n)] for c in classes for n in METHOD_NAMES
    )
    guardrails.install("off")
    after_off = all(
        c.__dict__.get(n) is before[(c.__name__, n)] for c in classes for n in METHOD_NAMES
    )
    guardrails.install("raise")
    wrapped_when_on = sorted(
        n for c in classes for n in METHOD_NAMES if c.__dict__.get(n) is not before[(c.__name__, n)]
    )
    guardrails.uninstall()
    after_uninstall = all(
        c.__dict__.get(n) is before[(c.__name__, n)] for c in classes for n in METHOD_NAMES
    )
    # and nothing changes behaviour in off mode: the EAGLE bug shape passes silently
    s = R.build_runner_set()
    b = R.build_trtllm_backend(s.eagle_draft)
    return {
        "after_plugin_env_unset": after_plugin,
        "after_install_off": after_off,
        "wrapped_when_on": wrapped_when_on,
        "after_uninstall": after_uninstall,
        "class_name": mod.TRTLLMHAAttnBackend.__name__,
        "class_identity_kept": mod.TRTLLMHAAttnBackend
        is sys.modules[mod.__name__].TRTLLMHAAttnBackend,
        "off_call": call(b.init_forward_metadata, R.make_forward_batch(s.eagle_draft)),
        "installed": guardrails.is_installed(),
    }


@scenario
def warn_broken_internals():
    """Issue case 4b: warn mode with deliberately broken guard internals -> the call still runs."""
    import guardrails
    from guardrails import hotpath

    R = rs()
    guardrails.install("warn")
    saved = hotpath.check_pool_invariant

    def broken(*args, **kwargs):
        raise RuntimeError("deliberately broken guard internals")

    hotpath.check_pool_invariant = broken
    try:
        with captured_guard_logs() as records:
            s = R.build_runner_set()
            b = R.build_trtllm_backend(s.eagle_draft)
            outcomes = [
                call(b.init_forward_metadata, R.make_forward_batch(s.eagle_draft)) for _ in range(3)
            ]
            metadata_built = getattr(b, "forward_metadata", None) is not None
        return {
            "outcomes": outcomes,
            "forward_metadata_built": metadata_built,
            "internal_error_logs": [
                m for lvl, m in records if "internal error" in m and lvl == "ERROR"
            ],
            "disabled": guardrails.backend_state(b).disabled,
            "guard": guard_summary(),
        }
    finally:
        hotpath.check_pool_invariant = saved
        guardrails.uninstall()


@scenario
def flashinfer_backend_guarded():
    """Other backends exposing the same members: a real FlashInferAttnBackend (0.5.14+ has
    _swa_kv_pool) is checked too; legacy FlashInfer instances are marked not applicable."""
    import guardrails

    R = rs()
    guardrails.install("raise")
    try:
        R.ensure_flashinfer_standins(R.trtllm_module())
        fi = sys.modules["sglang.srt.layers.attention.flashinfer_backend"]
        s = R.build_runner_set()
        backend = fi.FlashInferAttnBackend(s.target)
        state = guardrails.backend_state(backend)
        out = {"applicable": state.applicable, "class": state.backend_class}
        batch = R.make_forward_batch(s.target)
        out["consistent"] = call(backend.init_forward_metadata, batch)
        # make the active pool a full-only pool under the same backend
        full = R.make_full_pool()
        if R.sglang_facts().modern_api:
            backend.token_to_kv_pool = full
        else:
            batch.token_to_kv_pool = full
        out["full_active_pool"] = call(backend.init_forward_metadata, batch)
        out["guard"] = guard_summary()
        return out
    finally:
        guardrails.uninstall()


@scenario
def invariant_real_pools():
    """The pure invariant on real pool objects: every (active, swa, flag) combination."""
    from guardrails.invariant import check_pool_invariant, version_facts

    R = rs()
    p1 = R.make_swa_pool()
    R.make_swa_allocator(p1)
    p2 = R.make_swa_pool()
    R.make_swa_allocator(p2)
    p3 = R.make_swa_pool()  # a different SWA pool object that shares p1's index mapping
    p3.register_mapping(p1.full_to_swa_index_mapping)
    full = R.make_full_pool()
    pools = {"p1": p1, "p2": p2, "p3": p3, "full": full, "none": None}
    facts = version_facts(R.sglang_facts().version)
    result = {}
    for a_name, a in pools.items():
        for s_name in ("none", "p1", "p2", "p3"):
            for flag in (True, False):
                got = check_pool_invariant(a, pools[s_name], flag, (R.swa_pool_class(),), facts)
                result[f"{a_name}|{s_name}|{flag}"] = sorted(v.kind for v in got)
    return {
        "results": result,
        "mapping_shared": p3.full_to_swa_index_mapping is p1.full_to_swa_index_mapping,
    }


@scenario
def per_layer_check():
    """Opt-in per-layer check on a real target backend: layer ids outside the SWA pool fire."""
    import guardrails

    R = rs()
    guardrails.install("raise", per_layer=True)
    try:
        s = R.build_runner_set()
        b = R.build_trtllm_backend(s.target)
        batch = R.make_forward_batch(s.target)
        q, k, v = qkv(batch)
        out = {}
        for lid in (0, 1, 3, 42):
            out[str(lid)] = call(b.forward_decode, q, k, v, radix_layer(lid), batch)
        out["guard"] = guard_summary()
        return out
    finally:
        guardrails.uninstall()


# ------------------------------------------------------------------------------------------------
# plugin: a spawned child that runs sglang's real load_plugins()
# ------------------------------------------------------------------------------------------------


def _plugin_child(queue):
    result = {"error": None}
    handler = _Capture()
    logging.getLogger("kvguard.guard").addHandler(handler)
    logging.getLogger("kvguard.guard").setLevel(logging.INFO)
    try:
        from tests.support import cpu_stubs

        cpu_stubs.prepare_cpu_process()
        from sglang.srt.plugins import load_plugins

        load_plugins()  # what run_scheduler_process does first
        name = "sglang.srt.layers.attention.trtllm_mha_backend"
        result["trtllm_imported_by_load_plugins"] = name in sys.modules
        import importlib

        trtllm = importlib.import_module(name)
        cls = trtllm.TRTLLMHAAttnBackend
        result["wrapped"] = sorted(
            n for n in METHOD_NAMES if hasattr(cls.__dict__.get(n), "__kvguard_wrapper__")
        )
        import guardrails

        result["mode"] = guardrails.current_mode().value
        result["main_module"] = sys.modules["__main__"].__name__
        result["installed_logs"] = [m for _, m in handler.records if "guard installed on" in m]
    except Exception as exc:
        result["error"] = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"
    queue.put(result)


PLUGIN_VARIANTS = {
    "unset": {},
    "raise": {"SGLANG_KV_POOL_GUARD": "raise"},
    "raise_not_allowed": {"SGLANG_KV_POOL_GUARD": "raise", "SGLANG_PLUGINS": "some_other_plugin"},
    "invariant2_allowed": {"SGLANG_INVARIANT_CHECK": "2", "SGLANG_PLUGINS": "kvguard_pool_guard"},
    "off_overrides_invariant": {"SGLANG_KV_POOL_GUARD": "off", "SGLANG_INVARIANT_CHECK": "2"},
}


def plugin_spawn(variants):
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    keys = ("SGLANG_KV_POOL_GUARD", "SGLANG_INVARIANT_CHECK", "SGLANG_PLUGINS")
    out = {}
    for name in variants:
        saved = {k: os.environ.pop(k, None) for k in keys}
        os.environ.update(PLUGIN_VARIANTS[name])
        try:
            q = ctx.Queue()
            p = ctx.Process(target=_plugin_child, args=(q,))
            p.start()
            out[name] = q.get(timeout=400)
            p.join(60)
        finally:
            for k in keys:
                os.environ.pop(k, None)
                if saved[k] is not None:
                    os.environ[k] = saved[k]
    return out


# ------------------------------------------------------------------------------------------------


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    real_stdout = sys.stdout
    results = {}
    with contextlib.redirect_stdout(sys.stderr):
        if argv and argv[0] == "plugin_spawn":
            results = plugin_spawn(argv[1:] or list(PLUGIN_VARIANTS))
        else:
            from tests.support import cpu_stubs

            cpu_stubs.prepare_cpu_process()
            for name in argv:
                try:
                    results[name] = SCENARIOS[name]()
                except Exception as exc:
                    results[name] = {
                        "scenario_error": f"{type(exc).__name__}: {exc}",
                        "traceback": traceback.format_exc(),
                    }
    real_stdout.write(json.dumps(results, default=repr) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
