"""Runtime recall on REAL sglang classes (CPU): does the guard catch every buggy (release, backend)
shape at the first metadata call, and stay silent on the fixed releases?

    python -m guardrails.probe.recall [BACKEND ...]   # one JSON object on stdout (this sglang)
    python -m guardrails.probe.recall --doctor        # raise mode only, + the FROZEN_KV role
    python -m guardrails.probe.recall swa-classes     # pool class x backend resolver judgement

Per backend (flashinfer, triton, trtllm_mha, aiter) and role (target = SWA pool + the shared
``SWATokenToKVPoolAllocator``; eagle_draft = its OWN full-only ``MHATokenToKVPool`` next to that
shared allocator, ``is_draft_worker=True``, EAGLE, a draft window for the window backends), with the
allocator's slots reused after a free (so the full->SWA map is not the identity), the first metadata
call runs three times:

* guard off, with a test spy on the translate methods of the shared allocator and the target pool:
  does the call translate indices although the role's pool is full-only (the bug, observed), and,
  for FlashInfer, which kv indices the window wrapper was planned with;
* guard raise: is ``PoolGuardViolation`` raised at that call, with which kinds;
* guard warn: which kinds were counted/logged, and the call was let through.

Stand-ins (named in guardrails/probe/standins.py): torchvision; the flashinfer wrapper classes as
*recording* stand-ins; the triton kernel ``create_flashinfer_kv_indices_triton`` as a host gather
(a GPU kernel); sgl_kernel for 0.5.9's imports. Everything else is the installed sglang.
Where the original method goes on past the translation into a GPU kernel, that CPU-only failure is
recorded as ``original_reached`` (never a guard outcome).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import sys
import traceback

WINDOW = 8
BACKENDS = {
    "flashinfer": ("sglang.srt.layers.attention.flashinfer_backend", "FlashInferAttnBackend"),
    "triton": ("sglang.srt.layers.attention.triton_backend", "TritonAttnBackend"),
    "trtllm_mha": ("sglang.srt.layers.attention.trtllm_mha_backend", "TRTLLMHAAttnBackend"),
    "aiter": ("sglang.srt.layers.attention.aiter_backend", "AiterAttnBackend"),
}
# the metadata path each backend's translate/resolution shape is on
FORWARD_MODE = {
    "flashinfer": "EXTEND",
    "triton": "DECODE",
    "trtllm_mha": "DECODE",
    "aiter": "DECODE",
}
ROLES = ("target", "eagle_draft")
# roles beyond ROLES in the recall run, per backend: aiter's FROZEN_KV draft (the init-cached flag
# shape of aiter <= 0.5.19, checked by the flag-only rule)
EXTRA_ROLES = {"aiter": ("frozen_kv_draft",)}
DOCTOR_ROLES = ("target", "eagle_draft", "frozen_kv_draft")


def rs():
    from guardrails.probe import real

    return real


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append((record.levelname, record.getMessage()))


@contextlib.contextmanager
def captured_guard_logs():
    handler = _Capture()
    log = logging.getLogger("kvguard.guard")
    old = log.level
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    try:
        yield handler.records
    finally:
        log.removeHandler(handler)
        log.setLevel(old)


def _complete_legacy_runner(runner):
    """Attributes some backend constructors read that the tests' runners lack (plain None /
    defaults, as a dense model without linear attention has them). Never overrides anything."""
    R = rs()
    wanted = [
        (runner, "hybrid_gdn_config", None),
        (runner, "kimi_linear_config", None),
        (runner, "linear_attn_model_spec", None),
        (runner, "mambaish_config", None),
        (runner.model_config, "swa_v_head_dim", None),
        (runner.model_config, "v_head_dim", R.HEAD_DIM),
        (runner.model_config, "dtype", R.DTYPE),
        (runner.server_args, "speculative_num_steps", None),
        (runner.server_args, "enable_deterministic_inference", False),
    ]
    for obj, name, value in wanted:
        try:
            if not hasattr(obj, name):
                setattr(obj, name, value)
        except Exception:  # a read-only property: leave it to the real object
            pass


class World:
    """The target runner (SWA pool + shared SWA allocator) and an EAGLE draft runner, with real
    allocations: 120 tokens, the first 100 freed, then 20 more — the last 12 of them get SWA slots
    1..12 that other requests held, so translated indices differ from full ones."""

    def __init__(self, window):
        R = rs()
        extra = {"sliding_window_size": window} if window else {}
        self.target = R.build_target_runner(swa=True, **extra)
        self.draft = R.build_eagle_draft_runner(self.target, **extra)
        for runner in (self.target, self.draft):
            _complete_legacy_runner(runner)
        alloc = self.target.token_to_kv_pool_allocator
        first = alloc.alloc(120)
        alloc.free(first[:100])
        self.locs = alloc.alloc(20)
        self.allocator = alloc
        mapping = alloc.full_to_swa_index_mapping
        self.identity_map = bool((mapping[self.locs] == self.locs).all())

        self.window = window

    def runner(self, role):
        if role == "frozen_kv_draft":
            extra = {"sliding_window_size": self.window} if self.window else {}
            runner = rs().build_frozen_kv_draft_runner(self.target, **extra)
            if runner is not None:
                _complete_legacy_runner(runner)
            return runner
        return self.target if role == "target" else self.draft


def make_batch(runner, locs, mode):
    """A real ForwardBatch: 2 requests of 10 tokens each over ``locs`` (prefix 6 + 4 new tokens
    for EXTEND, 1 new token for DECODE)."""
    import torch

    fbi = importlib.import_module("sglang.srt.model_executor.forward_batch_info")
    fm = getattr(fbi.ForwardMode, mode)
    rt = runner.req_to_token_pool.req_to_token
    rt[0, :10] = locs[:10]
    rt[1, :10] = locs[10:20]
    decode = fm.is_decode()
    new = 1 if decode else 4
    out = torch.cat([locs[10 - new : 10], locs[20 - new : 20]])
    kw = dict(
        forward_mode=fm,
        batch_size=2,
        input_ids=torch.zeros(2 * new, dtype=torch.int64),
        req_pool_indices=torch.tensor([0, 1], dtype=torch.int32),
        seq_lens=torch.tensor([10, 10], dtype=torch.int32),
        seq_lens_cpu=torch.tensor([10, 10], dtype=torch.int32),
        out_cache_loc=out,
        seq_lens_sum=20,
        positions=torch.tensor(list(range(10 - new, 10)) * 2, dtype=torch.int64),
    )
    fields = getattr(fbi.ForwardBatch, "__dataclass_fields__", {})
    if "token_to_kv_pool" in fields:
        kw["token_to_kv_pool"] = runner.token_to_kv_pool
    if "req_to_token_pool" in fields:
        kw["req_to_token_pool"] = runner.req_to_token_pool
    batch = fbi.ForwardBatch(**{k: v for k, v in kw.items() if k in fields})
    translator = getattr(runner, "kv_index_translator", None)
    if translator is not None and hasattr(translator, "bind_own_plan"):
        translator.bind_own_plan(batch)
    if not decode:
        batch.extend_prefix_lens = torch.tensor([10 - new] * 2, dtype=torch.int32)
        batch.extend_prefix_lens_cpu = [10 - new] * 2
        batch.extend_seq_lens = torch.tensor([new] * 2, dtype=torch.int32)
        batch.extend_seq_lens_cpu = [new] * 2
        batch.extend_num_tokens = 2 * new
    return batch


@contextlib.contextmanager
def translation_spy(*objects):
    """TEST SPY (guard off only): record calls of ``translate_loc_from_full_to_swa`` on these
    instances (an instance attribute shadows the class method; removed afterwards)."""
    calls = []
    for obj in objects:
        original = getattr(obj, "translate_loc_from_full_to_swa", None)
        if original is None:
            continue

        def spy(*args, _orig=original, _obj=obj, **kwargs):
            calls.append(type(_obj).__name__)
            return _orig(*args, **kwargs)

        obj.__dict__["translate_loc_from_full_to_swa"] = spy
    try:
        yield calls
    finally:
        for obj in objects:
            obj.__dict__.pop("translate_loc_from_full_to_swa", None)


def window_indices(backend, world):
    """The window KV indices the metadata call produced (FlashInfer: what the window wrapper,
    wrapper 0, was planned with; Triton: ``forward_metadata.window_kv_indices``), and whether any
    of them is not one of the batch's own full locations (= translated); None elsewhere."""
    wrappers = getattr(backend, "prefill_wrappers_paged", None) or []
    meta = getattr(backend, "forward_metadata", None)
    if wrappers and getattr(wrappers[0], "planned", None):
        args, _kw = wrappers[0].planned[-1]
        indptr, indices = args[1], args[2]
    elif getattr(meta, "window_kv_indices", None) is not None:
        indptr, indices = meta.window_kv_indptr, meta.window_kv_indices
    else:
        return None
    used = indices[: int(indptr[-1])].tolist()
    own = set(world.locs.tolist())
    return {"kv_indices": used, "translated": any(i not in own for i in used)}


def build(backend_name, runner):
    R = rs()
    module_name, cls_name = BACKENDS[backend_name]
    module = importlib.import_module(module_name)
    cls = getattr(module, cls_name)
    if backend_name == "trtllm_mha":
        R.ensure_flashinfer_standins(module)
    return cls(runner)


def read_pool(backend, batch):
    """The pool the backend reads KV from at this moment (inside a view: as the view left it):
    ``forward_batch.token_to_kv_pool`` where ForwardBatch has the field (<= 0.5.12), else
    ``backend.token_to_kv_pool``."""
    pool = getattr(batch, "token_to_kv_pool", None)
    return pool if pool is not None else getattr(backend, "token_to_kv_pool", None)


def swa_rows(backend, batch, pool):
    """The KV rows a flag-gated backend's metadata points SWA layers at (its kv indices, the last
    4) and the rows the SWA layers hold them in (the pool's full->SWA map of those ids), or None
    where the metadata has no kv indices or the pool no map."""
    meta = getattr(backend, "forward_metadata", None)
    indices = getattr(meta, "kv_indices", None)
    mapping = getattr(pool, "full_to_swa_index_mapping", None)
    if indices is None or mapping is None:
        return None
    used = indices[: int(batch.seq_lens_sum)].long()
    return {"read": used[-4:].tolist(), "swa_rows": mapping[used][-4:].tolist()}


def run_backend(backend_name, guardrails, roles=None, modes=("off", "raise", "warn")):
    if roles is None:
        roles = ROLES + EXTRA_ROLES.get(backend_name, ())
    from guardrails.probe import standins as cpu_stubs

    R = rs()
    module_name, _ = BACKENDS[backend_name]
    result = {"backend": backend_name, "forward_mode": FORWARD_MODE[backend_name], "roles": {}}
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        result["constructible"] = False
        result["why_not"] = f"import {module_name}: {type(exc).__name__}: {str(exc)[:160]}"
        return result
    if backend_name in ("flashinfer", "trtllm_mha"):
        fi = importlib.import_module("sglang.srt.layers.attention.flashinfer_backend")
        R.ensure_flashinfer_standins(R.trtllm_module())
        cpu_stubs.install_recording_flashinfer_standins(fi)
    cpu_stubs.install_kv_indices_kernel_stand_in(module)
    window = WINDOW if backend_name in ("flashinfer", "triton") else None
    result["constructible"] = True
    for role in roles:
        entry = result["roles"][role] = {}
        for guard_mode in modes:
            world = World(window)
            entry["identity_map"] = world.identity_map
            runner = world.runner(role)
            if runner is None:
                entry[guard_mode] = {
                    "outcome": "not_applicable",
                    "why": "no FROZEN_KV MTP in this release",
                }
                continue
            guardrails.install(guard_mode)
            guardrails.reset_stats()
            try:
                backend = build(backend_name, runner)
            except Exception as exc:
                guardrails.uninstall()
                result["constructible"] = False
                result["why_not"] = f"{type(exc).__name__}: {str(exc)[:200]}"
                return result
            batch = make_batch(runner, world.locs, FORWARD_MODE[backend_name])
            spied = (world.allocator, world.target.token_to_kv_pool)
            spy = translation_spy(*spied) if guard_mode == "off" else contextlib.nullcontext([])
            view = contextlib.nullcontext()
            if role == "frozen_kv_draft":  # sglang's own view swaps the target pool in
                view = R.active_pool_view(backend, batch, world.target.token_to_kv_pool)
            with captured_guard_logs() as logs, spy as calls:
                with view:
                    pool_read = read_pool(backend, batch)
                    outcome = call(guardrails, backend.init_forward_metadata, batch)
            stats = guardrails.stats()
            state = guardrails.backend_state(backend)
            if state is not None:
                entry["invariant_applicable"] = state.applicable or state.flag_reads
                entry["flag_check"] = state.flag_reads
            guardrails.uninstall()
            entry[guard_mode] = outcome
            if guard_mode == "off":
                entry["translations"] = list(calls)
                entry["swa_pool_is_target_pool"] = (
                    getattr(backend, "_swa_kv_pool", None) is world.target.token_to_kv_pool
                )
                entry["active_pool"] = type(runner.token_to_kv_pool).__name__
                wi = window_indices(backend, world)
                if wi is not None:
                    entry["window_wrapper"] = wi
                # the cached SWA flag and the pool the metadata call read (aiter's shape)
                flag = getattr(backend, "use_sliding_window_kv_pool", None)
                entry["flag"] = flag
                entry["read_pool"] = type(pool_read).__name__
                entry["read_pool_is_target_pool"] = pool_read is world.target.token_to_kv_pool
                entry["stale_flag"] = flag is False and isinstance(pool_read, R.swa_pool_class())
                if entry["stale_flag"] and outcome.get("outcome") == "ok":
                    rows = swa_rows(backend, batch, pool_read)
                    if rows is not None:
                        entry["swa_layer_rows"] = rows
            if guard_mode == "warn":
                entry["warn_kinds"] = sorted({k[2] for k in stats["by_key"]})
                entry["warn_logged"] = [m.splitlines()[0] for lvl, m in logs if "violated" in m]
    return result


def call(guardrails, fn, *args):
    try:
        fn(*args)
        return {"outcome": "ok"}
    except guardrails.PoolGuardViolation as exc:
        return {"outcome": "violation", "kinds": [v.kind for v in exc.violations]}
    except Exception as exc:  # the original went on into a GPU-only step after the shape
        return {"outcome": "original_reached", "error": f"{type(exc).__name__}: {str(exc)[:160]}"}


POOL_CLASSES = (
    ("sglang.srt.mem_cache.swa_memory_pool", "SWAKVPool"),
    ("sglang.srt.mem_cache.unified_memory_pool", "UnifiedSWAKVPool"),
    ("sglang.srt.mem_cache.unified_draft_pool", "UnifiedDraftSWAKVPool"),
    ("sglang.srt.mem_cache.deepseek_v4_memory_pool", "DeepSeekV4TokenToKVPool"),
    ("sglang.srt.mem_cache.unified_draft_pool", "UnifiedDraftKVPool"),  # full-only (MHA subclass)
    ("sglang.srt.mem_cache.memory_pool", "MHATokenToKVPool"),
)


def swa_class_judgement(guardrails):
    """Every shipped pool class x every backend with a resolver: what the backend's OWN
    ``_resolve_swa_kv_pool`` returns for a target runner whose active pool is that class, and what
    the guard says about the backend holding that result. Pools are real classes instantiated
    without ``__init__`` (the resolver and the guard only test classes and identities)."""
    from types import SimpleNamespace

    from guardrails import runtime
    from guardrails.invariant import check_pool_invariant, version_facts

    R = rs()
    facts = version_facts(R.sglang_facts().version)
    out = {"pools": {}, "backends": {}}
    pools = {}
    for module_name, cls_name in POOL_CLASSES:
        try:
            cls = getattr(importlib.import_module(module_name), cls_name)
        except Exception as exc:
            out["pools"][cls_name] = f"absent: {type(exc).__name__}"
            continue
        pools[cls_name] = cls.__new__(cls)
        out["pools"][cls_name] = [k.__name__ for k in cls.__mro__[1:4]]
    for name, (module_name, cls_name) in BACKENDS.items():
        try:
            backend_cls = getattr(importlib.import_module(module_name), cls_name)
        except Exception as exc:
            out["backends"][name] = {"error": f"{type(exc).__name__}: {str(exc)[:120]}"}
            continue
        types_, source = runtime.resolver_swa_types(backend_cls)
        entry = out["backends"][name] = {"judged_with": source, "pools": {}}
        resolver = getattr(backend_cls, "_resolve_swa_kv_pool", None)
        if resolver is None:
            entry["skipped"] = "no resolver: no _swa_kv_pool, the invariant is not applied"
            continue
        swakvpool_only = (
            importlib.import_module("sglang.srt.mem_cache.swa_memory_pool").SWAKVPool,
        )
        for pool_name, pool in pools.items():
            runner = SimpleNamespace(
                token_to_kv_pool=pool,
                is_draft_worker=False,
                spec_algorithm=R.spec_algorithm("NONE"),
                token_to_kv_pool_allocator=SimpleNamespace(get_kvcache=lambda p=pool: p),
            )
            resolved = resolver(runner)
            found = check_pool_invariant(
                pool, resolved, resolved is not None, types_, facts, flag_known=True
            )
            # what a guard judging every backend with SWAKVPool would have said (the old guard)
            old = check_pool_invariant(
                pool, resolved, resolved is not None, swakvpool_only, facts, flag_known=True
            )
            entry["pools"][pool_name] = {
                "resolver_accepts": resolved is pool,
                "guard_says_swa": isinstance(pool, types_),
                "violations": [v.kind for v in found if v.is_error],
                "violations_if_judged_with_SWAKVPool": [v.kind for v in old if v.is_error],
            }
    return out


def main(argv):
    from guardrails.probe import standins as cpu_stubs

    cpu_stubs.prepare_cpu_process()
    R = rs()
    if R.sglang_facts().version_tuple < (0, 5, 10):
        cpu_stubs.install_sgl_kernel_stub()
    import guardrails

    if argv == ["swa-classes"]:
        data = swa_class_judgement(guardrails)
        data["version"] = R.sglang_facts().version
        print(json.dumps(data, default=str))
        return 0
    doctor = "--doctor" in argv
    argv = [a for a in argv if a != "--doctor"]
    names = argv or list(BACKENDS)
    out = {"version": R.sglang_facts().version, "backends": {}}
    import sglang

    out["sglang_path"] = os.path.dirname(sglang.__file__)
    for name in names:
        try:
            if doctor:
                out["backends"][name] = run_backend(name, guardrails, DOCTOR_ROLES, ("raise",))
            else:
                out["backends"][name] = run_backend(name, guardrails)
        except Exception:
            out["backends"][name] = {"backend": name, "error": traceback.format_exc()[-3000:]}
    print(json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
