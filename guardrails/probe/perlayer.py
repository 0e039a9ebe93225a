"""The per-layer index-space check on REAL sglang classes (CPU): FA3's speculative SWA page table.

    python -m guardrails.probe.perlayer      # one JSON object on stdout (this sglang)

A hybrid-SWA target (real ``SWAKVPool``, ``ReqToTokenPool`` and ``SWATokenToKVPoolAllocator``, the
allocator's slots reused so that full locations 1..24 live in SWA rows 11..34: every full location
is below the SWA pool's size, so a range check passes) and the real ``FlashAttentionBackend`` of
this release. Its real ``_init_sliding_window_attn_spec_metadata`` builds the topk > 1 SWA page
table from the full page tables (through sglang 0.5.11 as they are, #24617; from 0.5.12 translated
first), with ``prepare_swa_spec_page_table_stand_in`` (guardrails/probe/standins.py) in place of the
Triton kernel. Then ``forward_extend`` of an SWA layer (and of a full layer) runs under the guard:

* ``off`` / ``default`` (raise, per-layer off) / ``per_layer_raise`` / ``per_layer_warn``;
* ``per_layer_capture``: per-layer raise inside sglang's own ``model_capture_mode()``;
* ``guard_reads``: how many attribute reads of the backend's metadata came from guardrails code,
  per mode (a proxy records the caller's file): the default guard must make none.

The original ``forward_extend`` goes on into a GPU kernel after the guard: that CPU-only failure
is ``original_reached`` (never a guard outcome). sgl_kernel is an import stand-in here.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import traceback

WINDOW = 8
DRAFT_TOKENS = 2
PREFIX = 8
MODULE = "sglang.srt.layers.attention.flashattention_backend"
GUARD_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class MetadataProxy:
    """TEST PROXY around the backend's metadata: passes every attribute read through and counts
    those whose caller's code lives in the guardrails package."""

    def __init__(self, target, counter):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_counter", counter)

    def __getattr__(self, name):
        caller = sys._getframe(1).f_code.co_filename
        if os.path.abspath(caller).startswith(GUARD_DIR + os.sep):
            self._counter.append(name)
        return getattr(self._target, name)

    def __setattr__(self, name, value):
        setattr(self._target, name, value)


def world():
    """A real SWA target runner whose full locations 1..24 map to SWA rows 11..34."""
    from guardrails.probe import real as R
    from guardrails.probe.recall import _complete_legacy_runner

    req = R.make_req_to_token_pool()
    pool = R.make_swa_pool()
    alloc = R._call_with_supported(
        R.swa_allocator_class(),
        size=R.POOL_SIZE,
        size_swa=R.POOL_SIZE_SWA,
        page_size=1,
        dtype=R.DTYPE,
        device=R.DEVICE,
        kvcache=pool,
        need_sort=True,
        req_to_token_pool=req,
    )
    first = alloc.alloc(120)
    alloc.free(first)
    alloc.alloc(10)  # held: SWA rows 1..10
    second = alloc.alloc(110)
    alloc.free(second)
    locs = alloc.alloc(24)  # full 1..24 (reused), SWA 11..34
    runner = R.make_runner(
        token_to_kv_pool=pool,
        token_to_kv_pool_allocator=alloc,
        req_to_token_pool=req,
        is_draft_worker=False,
        spec_algorithm_name="EAGLE",
        sliding_window_size=WINDOW,
    )
    _complete_legacy_runner(runner)
    for obj, name, value in (
        (runner, "attn_cp_size", 1),
        (runner, "tp_size", 1),
        (runner.model_config, "is_local_attention_model", False),
        (runner.model_config, "attention_chunk_size", None),
        (runner.model_config, "is_encoder_decoder", False),
        (getattr(runner.model_config, "hf_text_config", None), "num_attention_heads", 4),
    ):
        if obj is None:
            continue
        if not hasattr(obj, name):
            setattr(obj, name, value)
    return runner, locs


def spec_metadata(module, backend, runner, locs):
    """The topk > 1 verify metadata pair FA3 builds (page size 1), from the real req-to-token
    pool, then the release's own ``_init_sliding_window_attn_spec_metadata`` on it."""
    import torch

    bs = 2
    dev = locs.device
    rt = runner.req_to_token_pool.req_to_token
    rt[0, :PREFIX] = locs[:PREFIX]
    rt[1, :PREFIX] = locs[PREFIX : 2 * PREFIX]
    meta = module.FlashAttentionMetadata()
    meta.max_seq_len_k = PREFIX
    meta.cache_seqlens_int32 = torch.tensor([PREFIX] * bs, dtype=torch.int32, device=dev)
    meta.page_table = rt[torch.arange(bs, device=dev), :PREFIX].to(torch.int32)
    expand = module.FlashAttentionMetadata()
    draft = locs[2 * PREFIX : 2 * PREFIX + bs * DRAFT_TOKENS].view(bs, DRAFT_TOKENS)
    expand.page_table = draft.repeat_interleave(DRAFT_TOKENS, dim=0).to(torch.int32)
    expand.cache_seqlens_int32 = torch.tensor(
        [m % DRAFT_TOKENS + 1 for m in range(bs * DRAFT_TOKENS)], dtype=torch.int32, device=dev
    )
    expand.cu_seqlens_q = torch.arange(bs * DRAFT_TOKENS + 1, dtype=torch.int32, device=dev)
    expand.max_seq_len_q = 1
    backend.page_size = 1
    backend.topk = 2
    backend.speculative_num_draft_tokens = DRAFT_TOKENS
    backend._init_sliding_window_attn_spec_metadata(meta, expand)
    return meta, expand


def layer(layer_id, window):
    from sglang.srt.layers.radix_attention import RadixAttention

    return RadixAttention(4, 16, 0.25, 2, layer_id, sliding_window_size=window)


def capture_mode():
    for name in (
        "sglang.srt.model_executor.runner_utils.capture_mode",
        "sglang.srt.model_executor.cuda_graph_runner",
    ):
        try:
            return importlib.import_module(name).model_capture_mode()
        except (ImportError, AttributeError):
            continue
    raise RuntimeError("no model_capture_mode in this sglang")


def forward(guardrails, backend, batch, the_layer):
    import torch

    q = torch.zeros(batch.batch_size * DRAFT_TOKENS, 4 * 16)
    k = torch.zeros(batch.batch_size * DRAFT_TOKENS, 2 * 16)
    try:
        backend.forward_extend(q, k, k, the_layer, batch, save_kv_cache=False)
        return {"outcome": "ok"}
    except guardrails.PoolGuardViolation as exc:
        return {
            "outcome": "violation",
            "kinds": [v.kind for v in exc.violations],
            "problem": exc.violations[-1].problem,
        }
    except Exception as exc:  # the original went on into a GPU-only step after the guard
        return {"outcome": "original_reached", "error": f"{type(exc).__name__}: {str(exc)[:120]}"}


MODES = {  # name -> (guard mode, per_layer, inside capture)
    "off": ("off", False, False),
    "default": ("raise", False, False),
    "per_layer_raise": ("raise", True, False),
    "per_layer_warn": ("warn", True, False),
    "per_layer_capture": ("raise", True, True),
}


def run(guardrails):
    from guardrails.probe import real as R
    from guardrails.probe import standins
    from guardrails.probe.recall import make_batch

    standins.install_sgl_kernel_stub()
    module = importlib.import_module(MODULE)
    out = {"backend": "fa3", "roles": {}}
    entry = out["roles"]["target_spec_verify"] = {"guard_reads": {}}
    out["constructible"] = standins.install_swa_spec_kernel_stand_in(module)
    if not out["constructible"]:
        out["why_not"] = "no prepare_swa_spec_page_table_triton in this FA3 module"
        return out
    for name, (mode, per_layer, in_capture) in MODES.items():
        runner, locs = world()
        guardrails.install(mode, per_layer=per_layer)
        guardrails.reset_stats()
        try:
            backend = module.FlashAttentionBackend(runner)
        except Exception as exc:
            guardrails.uninstall()
            out["constructible"] = False
            out["why_not"] = f"{type(exc).__name__}: {str(exc)[:200]}"
            return out
        batch = make_batch(runner, locs, "TARGET_VERIFY")
        meta, expand = spec_metadata(module, backend, runner, locs)
        reads = entry["guard_reads"][name] = []
        backend.forward_metadata = MetadataProxy(meta, reads)
        backend.forward_metadata_spec_decode_expand = expand
        scope = capture_mode() if in_capture else contextlib.nullcontext()
        with scope:
            swa_outcome = forward(guardrails, backend, batch, layer(R.SWA_LAYER_IDS[0], WINDOW))
            full_outcome = forward(guardrails, backend, batch, layer(R.FULL_LAYER_IDS[0], -1))
        stats = guardrails.stats()
        guardrails.uninstall()
        entry[name] = swa_outcome
        entry[name + "_full_layer"] = full_outcome
        entry[name + "_warn_kinds"] = sorted({k[2] for k in stats["by_key"]})
        entry[name + "_guard_reads"] = len(reads)
        if name == "off":
            pool = runner.token_to_kv_pool
            swa = meta.swa_spec_metadata.page_table
            row = swa[0, : PREFIX + 1].long()
            full = meta.page_table[0, :PREFIX].long().tolist() + [int(expand.page_table[0, 0])]
            entry["swa_row0_read"] = row.tolist()
            entry["swa_row0_full"] = full
            entry["swa_row0_translated"] = pool.translate_loc_from_full_to_swa(
                torch_tensor(full)
            ).tolist()
            entry["swa_pool_size"] = int(pool.size_swa)
            entry["untranslated_swa_reads"] = row.tolist() == full and (
                entry["swa_row0_translated"] != full
            )
    # the recall table's columns (benchmarks/runtime_recall.py)
    entry["raise"] = entry["per_layer_raise"]
    entry["warn_kinds"] = entry["per_layer_warn_warn_kinds"]
    return out


def torch_tensor(values):
    import torch

    return torch.tensor(values, dtype=torch.int64)


def main(argv):
    from guardrails.probe import standins

    standins.prepare_cpu_process()
    standins.install_sgl_kernel_stub()
    import guardrails
    from guardrails.probe import real as R

    data = {"version": R.sglang_facts().version}
    try:
        data["fa3"] = run(guardrails)
    except Exception:
        data["fa3"] = {"backend": "fa3", "error": traceback.format_exc()[-3000:]}
    print(json.dumps(data, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
