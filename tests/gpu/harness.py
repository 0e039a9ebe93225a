"""The GPU harness of issue 7: real sglang 0.5.23 objects on CUDA, the guard around them.

Used by ``tests/gpu/test_guard_gpu.py`` (pytest, marker ``gpu``) and ``benchmarks/gpu_guard.py``.
Call ``prepare()`` before anything else: it installs the named stand-ins of
``tests/gpu/standins.py`` (sgl_kernel, the four flashinfer names) and imports sglang.

What is real (sglang 0.5.23's own classes and kernels): ``SWAKVPool``, ``MHATokenToKVPool``,
``ReqToTokenPool``, the shared ``SWATokenToKVPoolAllocator`` (token locations come from its
``alloc``, so the full->SWA mapping is the allocator's), sglang's ``MockModelRunner`` test kit
holding those pools, ``ForwardBatch`` (bound to its KV plan by the runner's translator),
``EagleVerifyInput`` / ``EagleDraftExtendInput``, ``TRTLLMHAAttnBackend`` (XQA path on SM90) and
``TritonAttnBackend`` with their CUDA-graph state and metadata methods, ``RadixAttention`` layers,
the Triton metadata kernels recorded into CUDA graphs, the Triton decode attention kernel, and
``frozen_kv_mtp_utils.target_kv_pool_view``.

What is not: flashinfer (the TRTLLM/XQA attention kernels): ``TRTLLMHAAttnBackend.forward_decode``
runs its KV write and stops at the first flashinfer call; the CUDA graphs of the TRTLLM backend
therefore record its metadata kernel (``init_forward_metadata_in_graph``) only.

The #25103 shape is produced by building an EAGLE draft backend with
``LEGACY_0_5_12_RESOLVER``: a stand-in, named as such, for sglang 0.5.12.post1's allocator-typed
SWA decision (the draft takes the target's SWA pool because the *shared allocator* is an SWA
allocator), swapped in for ``TRTLLMHAAttnBackend._resolve_swa_kv_pool`` during construction only.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)

from tests.gpu import standins  # noqa: E402

# "cuda" on the GPU machine. KVGUARD_GPU_HARNESS_DEVICE=cpu is only for a CPU pre-flight of the
# construction and guard-firing paths (no Triton kernel can run there).
DEVICE = os.environ.get("KVGUARD_GPU_HARNESS_DEVICE", "cuda")

# sizes (small: the point is the wiring, not the FLOPs)
DTYPE_NAME = "bfloat16"
NUM_Q_HEADS = 8
NUM_KV_HEADS = 2
HEAD_DIM = 64
LAYERS = 4
SWA_LAYER_IDS = [0, 2]
FULL_LAYER_IDS = [1, 3]
POOL_SIZE = 2048
POOL_SIZE_SWA = 1024
MAX_REQS = 4
CONTEXT_LEN = 128
TOKENS_PER_REQ = 48  # allocated per request slot through the real allocator
NUM_DRAFT_TOKENS = 4  # EAGLE verify / draft-extend width (topk 1)
SLIDING_WINDOW = 8  # Triton backend's window for the SWA layers
MAX_BS = 4
CAPTURE = dict(req_pool_indices=[0, 1], seq_lens=[9, 5])  # batch the graphs are captured with
REPLAYS = [  # batches replayed through the captured graphs (different slots and lengths)
    dict(req_pool_indices=[2, 3], seq_lens=[17, 30]),
    dict(req_pool_indices=[1, 2], seq_lens=[40, 11]),
    dict(req_pool_indices=[3, 0], seq_lens=[23, 36]),
]

# A Llama-3-8B-sized decode step for the benchmark's realistic row (``benchmarks/gpu_guard.py``):
# 32 layers, 32 query / 8 KV heads, head dim 128, 16 requests of about 2-3k tokens. The pool is
# the harness's hybrid SWA pool (even layers SWA, odd layers full) with a window longer than any
# request, so every layer reads its whole context: the attention work of a full-attention model
# of that size. About 6.5 GB of KV cache on the device.
MODEL_SIZE = dict(
    NUM_Q_HEADS=32,
    NUM_KV_HEADS=8,
    HEAD_DIM=128,
    LAYERS=32,
    SWA_LAYER_IDS=list(range(0, 32, 2)),
    FULL_LAYER_IDS=list(range(1, 32, 2)),
    MAX_REQS=16,
    MAX_BS=16,
    CONTEXT_LEN=3072,
    TOKENS_PER_REQ=3072,
    POOL_SIZE=16 * 3072 + 64,
    POOL_SIZE_SWA=16 * 3072 + 64,
    SLIDING_WINDOW=4096,
    CAPTURE=dict(req_pool_indices=list(range(16)), seq_lens=[2048 + 61 * i for i in range(16)]),
    REPLAYS=[
        dict(req_pool_indices=list(range(16)), seq_lens=[3072 - 37 * i for i in range(16)]),
        dict(
            req_pool_indices=list(range(15, -1, -1)),
            seq_lens=[2304 + 43 * i for i in range(16)],
        ),
        dict(
            req_pool_indices=[(5 * i) % 16 for i in range(16)],
            seq_lens=[2560 + 29 * i for i in range(16)],
        ),
    ],
)


@contextlib.contextmanager
def sized(**values):
    """Build with other module-level sizes (``MODEL_SIZE``): the builders here read these names
    when called, so objects built inside the block keep the sizes after it; restored on exit."""
    module = sys.modules[__name__]
    saved = {name: getattr(module, name) for name in values}
    try:
        for name, value in values.items():
            setattr(module, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


_prepared: Optional[dict] = None


def prepare() -> dict:
    """Stand-ins + sglang import (idempotent). Returns facts about the process."""
    global _prepared
    if _prepared is not None:
        return _prepared
    info = standins.prepare_gpu_process()
    import sglang
    import torch

    trtllm = importlib.import_module("sglang.srt.layers.attention.trtllm_mha_backend")
    importlib.import_module("sglang.srt.layers.attention.triton_backend")
    info["flashinfer_stand_ins"] = standins.install_flashinfer_standins()
    on_cuda = DEVICE == "cuda" and torch.cuda.is_available()
    info.update(
        sglang=sglang.__version__,
        torch=torch.__version__,
        device=torch.cuda.get_device_name(0) if on_cuda else DEVICE,
        capability=list(torch.cuda.get_device_capability(0)) if on_cuda else None,
        flashinfer_imported="flashinfer" in sys.modules,
        trtllm_module=trtllm.__file__,
    )
    _prepared = info
    return info


def torch_mod():
    import torch

    return torch


def device_sync() -> None:
    if DEVICE == "cuda":
        torch_mod().cuda.synchronize()


def dtype():
    return getattr(torch_mod(), DTYPE_NAME)


def _mod(name):
    return importlib.import_module(name)


def fbi():
    return _mod("sglang.srt.model_executor.forward_batch_info")


def kit():
    return _mod("sglang.test.kits.attention_unittest.attention_methods.dense_attention")


def swa_pool_class():
    return _mod("sglang.srt.mem_cache.swa_memory_pool").SWAKVPool


def swa_allocator_class():
    return _mod("sglang.srt.mem_cache.allocator.swa").SWATokenToKVPoolAllocator


def trtllm_class():
    return _mod("sglang.srt.layers.attention.trtllm_mha_backend").TRTLLMHAAttnBackend


def triton_class():
    return _mod("sglang.srt.layers.attention.triton_backend").TritonAttnBackend


# ------------------------------------------------------------------------------------------------
# guard control and sync-debug
# ------------------------------------------------------------------------------------------------


def guard():
    import guardrails

    return guardrails


def set_guard(mode: str) -> None:
    """``off`` restores the original methods; ``warn``/``raise`` installs the guard."""
    g = guard()
    if mode == "off":
        g.uninstall()
    else:
        g.install(mode, per_layer=False)
    g.reset_stats()


# Untimed steps after a benchmark switch. A switch re-patches the classes (``setattr`` on the
# backend and pool classes), which changes their type versions, so every specialised attribute
# read of sglang's own host code on their instances misses; CPython 3.11/3.12 re-specialises such
# an instruction only after about 53 misses. With fewer warm steps than that, the first timed
# steps of a block still run sglang's code unspecialised (``benchmarks/guard_overhead.py
# --switch`` shows it on CPU).
SWITCH_WARM = 64


def switch_guard(mode: str) -> None:
    """The benchmark's switch: ``mode`` ("off", "raise", "warn") reached through a re-patch of the
    classes every time, also when the mode does not change (off -> off: install, then uninstall;
    raise -> raise: uninstall, then install). So every block starts from the same interpreter
    state, whatever the previous block was; ``set_guard`` alone re-patches only on a change, and
    the guard-on blocks followed a re-patch more often than the guard-off blocks (5 of 6 against
    2 of 6 in ``benchmarks/gpu_guard.py``'s block orders up to this change)."""
    g = guard()
    if mode == "off":
        if not g.is_installed():
            g.install("raise", per_layer=False)
        g.uninstall()
    else:
        if g.is_installed():
            g.uninstall()
        g.install(mode, per_layer=False)
    g.reset_stats()


@contextlib.contextmanager
def sync_debug(level: str = "error"):
    """``torch.cuda.set_sync_debug_mode(level)`` for the block, restored afterwards."""
    torch = torch_mod()
    previous = torch.cuda.get_sync_debug_mode()
    torch.cuda.set_sync_debug_mode(level)
    try:
        yield
    finally:
        torch.cuda.set_sync_debug_mode(previous)


def under_sync_debug(fn: Callable[[], None]) -> dict:
    """Run ``fn`` under ``set_sync_debug_mode("error")``. If a synchronizing CUDA operation raises
    there, record it and run ``fn`` again under ``"warn"``, counting the sync warnings, so that a
    sync caused by sglang itself can be told apart from one added by the guard (compare on/off)."""
    torch = torch_mod()
    try:
        with sync_debug("error"):
            fn()
        return {"mode": "error", "error": None, "sync_warnings": 0}
    except RuntimeError as exc:
        if "synchroniz" not in str(exc):
            raise
        first = f"{type(exc).__name__}: {str(exc)[:400]}"
    capturing = torch.cuda.is_current_stream_capturing()
    device_sync()
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with sync_debug("warn"):
            fn()
    syncs = [str(w.message)[:200] for w in caught if "synchroniz" in str(w.message)]
    return {
        "mode": "warn",
        "error": first,
        "capturing_after_error": capturing,
        "sync_warnings": len(syncs),
        "first_warnings": syncs[:3],
    }


# ------------------------------------------------------------------------------------------------
# pools, allocator, runners
# ------------------------------------------------------------------------------------------------


def make_swa_pool():
    return swa_pool_class()(
        size=POOL_SIZE,
        size_swa=POOL_SIZE_SWA,
        page_size=1,
        dtype=dtype(),
        head_num=NUM_KV_HEADS,
        head_dim=HEAD_DIM,
        swa_attention_layer_ids=list(SWA_LAYER_IDS),
        full_attention_layer_ids=list(FULL_LAYER_IDS),
        device=DEVICE,
        enable_memory_saver=False,
    )


def make_full_pool():
    mp = _mod("sglang.srt.mem_cache.memory_pool")
    return mp.MHATokenToKVPool(
        size=POOL_SIZE,
        page_size=1,
        dtype=dtype(),
        head_num=NUM_KV_HEADS,
        head_dim=HEAD_DIM,
        layer_num=LAYERS,
        device=DEVICE,
        enable_memory_saver=False,
        enable_alt_stream=False,
    )


def make_req_to_token_pool():
    mp = _mod("sglang.srt.mem_cache.memory_pool")
    return mp.ReqToTokenPool(
        size=MAX_REQS, max_context_len=CONTEXT_LEN, device=DEVICE, enable_memory_saver=False
    )


def make_runner(
    backend_name: str,
    *,
    pool,
    allocator,
    req_to_token_pool,
    is_draft_worker: bool,
    spec_algorithm: str,
    sliding_window_size: Optional[int] = None,
):
    """sglang's own ``MockModelRunner`` (CUDA) holding our real pools and the shared allocator.

    The kit's case is a TARGET_VERIFY case of width ``NUM_DRAFT_TOKENS`` for the TRTLLM runners,
    so the process-wide speculative settings (``get_spec()``) carry the EAGLE draft width that
    ``TRTLLMHAAttnBackend`` sizes its verify / draft-extend graph state from.
    """
    k = kit()
    fm = fbi().ForwardMode
    spec = _mod("sglang.srt.speculative.spec_info").SpeculativeAlgorithm
    verify = backend_name == "trtllm_mha"
    case = k.DenseAttentionCase(
        name=f"kvguard-gpu-{backend_name}",
        backend=backend_name,
        forward_mode=fm.TARGET_VERIFY if verify else fm.DECODE,
        num_heads=NUM_Q_HEADS,
        num_kv_heads=NUM_KV_HEADS,
        page_size=1,
        prefix_lens=(4,) * MAX_REQS,
        extend_lens=((NUM_DRAFT_TOKENS,) * MAX_REQS) if verify else (),
        sliding_window_size=sliding_window_size,
    )
    config = k.TinyModelConfig(
        num_heads=NUM_Q_HEADS,
        num_kv_heads=NUM_KV_HEADS,
        head_dim=HEAD_DIM,
        hidden_size=NUM_Q_HEADS * HEAD_DIM,
        context_len=CONTEXT_LEN,
        sliding_window_size=sliding_window_size,
    )
    runner = k.MockModelRunner(
        case=case,
        model_config=config,
        dtype=dtype(),
        device=DEVICE,
        max_context_len=CONTEXT_LEN,
        head_dim=HEAD_DIM,
        runner_batch_size=MAX_REQS,
    )
    runner.token_to_kv_pool = pool
    runner.token_to_kv_pool_allocator = allocator
    runner.req_to_token_pool = req_to_token_pool
    runner.is_draft_worker = is_draft_worker
    runner.spec_algorithm = getattr(spec, spec_algorithm)
    runner.init_kv_index_translator()
    return runner


@dataclass
class RunnerSet:
    """Target (SWA pool + SWA allocator) and drafts (own full pool, the target's allocator)."""

    backend_name: str
    target_pool: Any
    allocator: Any
    req_to_token_pool: Any
    target: Any
    eagle_draft: Any = None
    frozen_kv_draft: Any = None
    req_to_token_cpu: Any = None  # host copy, for expected values
    mapping_cpu: Any = None  # allocator's full->SWA mapping, host copy


def build_runner_set(backend_name: str = "trtllm_mha", *, drafts: bool = True) -> RunnerSet:
    pool = make_swa_pool()
    req = make_req_to_token_pool()
    allocator = swa_allocator_class()(
        size=POOL_SIZE,
        size_swa=POOL_SIZE_SWA,
        page_size=1,
        dtype=dtype(),
        device=DEVICE,
        kvcache=pool,
        need_sort=False,
        req_to_token_pool=req,
    )
    window = SLIDING_WINDOW if backend_name == "triton" else None
    target = make_runner(
        backend_name,
        pool=pool,
        allocator=allocator,
        req_to_token_pool=req,
        is_draft_worker=False,
        spec_algorithm="EAGLE" if drafts else "NONE",
        sliding_window_size=window,
    )
    rs = RunnerSet(backend_name, pool, allocator, req, target)
    if drafts:
        rs.eagle_draft = make_runner(
            backend_name,
            pool=make_full_pool(),
            allocator=allocator,
            req_to_token_pool=req,
            is_draft_worker=True,
            spec_algorithm="EAGLE",
        )
        rs.frozen_kv_draft = make_runner(
            backend_name,
            pool=make_full_pool(),
            allocator=allocator,
            req_to_token_pool=req,
            is_draft_worker=True,
            spec_algorithm="FROZEN_KV_MTP",
        )
    # token locations through the real allocator (sets the allocator's full->SWA mapping)
    for r in range(MAX_REQS):
        locs = allocator.alloc(TOKENS_PER_REQ)
        assert locs is not None, "allocator out of space"
        req.req_to_token[r, :TOKENS_PER_REQ] = locs.to(req.req_to_token.dtype)
    device_sync()
    rs.req_to_token_cpu = req.req_to_token.detach().cpu()
    rs.mapping_cpu = pool.full_to_swa_index_mapping.detach().cpu()
    return rs


def fill_kv(pool, seed: int = 1234) -> None:
    """Random K/V in every layer buffer of ``pool`` (deterministic)."""
    torch = torch_mod()
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(seed)
    for layer_id in range(LAYERS):
        for buf in (pool.get_key_buffer(layer_id), pool.get_value_buffer(layer_id)):
            buf.copy_(torch.randn(buf.shape, generator=gen, device=DEVICE, dtype=torch.float32))


# ------------------------------------------------------------------------------------------------
# backends
# ------------------------------------------------------------------------------------------------


def LEGACY_0_5_12_RESOLVER(model_runner):
    """STAND-IN for sglang 0.5.12.post1's SWA decision in ``TRTLLMHAAttnBackend.__init__``
    (the #25103 bug): SWA iff the *allocator* is an SWA allocator, translating through the
    allocator's pool — also in an EAGLE draft worker that owns a full-only pool."""
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, swa_allocator_class()):
        return allocator.get_kvcache()
    return None


def build_trtllm(runner, *, legacy_25103: bool = False):
    cls = trtllm_class()
    if not legacy_25103:
        return cls(runner)
    saved = cls.__dict__["_resolve_swa_kv_pool"]
    cls._resolve_swa_kv_pool = staticmethod(LEGACY_0_5_12_RESOLVER)
    try:
        return cls(runner)
    finally:
        cls._resolve_swa_kv_pool = saved


def build_triton(runner):
    return triton_class()(runner)


def radix_layers(sliding_window: Optional[int] = None):
    ra = _mod("sglang.srt.layers.radix_attention")
    layers = []
    for layer_id in range(LAYERS):
        window = sliding_window if (sliding_window and layer_id in SWA_LAYER_IDS) else -1
        layers.append(
            ra.RadixAttention(
                num_heads=NUM_Q_HEADS,
                head_dim=HEAD_DIM,
                scaling=HEAD_DIM**-0.5,
                num_kv_heads=NUM_KV_HEADS,
                layer_id=layer_id,
                sliding_window_size=window,
            )
        )
    return layers


# ------------------------------------------------------------------------------------------------
# forward batches
# ------------------------------------------------------------------------------------------------

MODE_TOKENS = {"DECODE": 1, "TARGET_VERIFY": NUM_DRAFT_TOKENS, "DRAFT_EXTEND_V2": NUM_DRAFT_TOKENS}


def kv_len(mode: str, seq_len: int) -> int:
    """Tokens a request's attention reads in ``mode`` (its graph metadata ``cache_seqlens``):
    target-verify reads the committed prefix plus the draft tokens being verified."""
    return seq_len + NUM_DRAFT_TOKENS if mode == "TARGET_VERIFY" else seq_len


def batch_values(rs: RunnerSet, mode: str, req_pool_indices, seq_lens) -> dict:
    """Host values of one batch: write locations and positions, from the real req_to_token."""
    n = MODE_TOKENS[mode]
    locs, positions = [], []
    for r, s in zip(req_pool_indices, seq_lens):
        if mode == "DECODE":
            span = range(s - 1, s)
        elif mode == "TARGET_VERIFY":
            span = range(s, s + n)  # the draft tokens, written after the committed prefix
        else:  # DRAFT_EXTEND_V2: the accepted tokens, the last n of the sequence
            span = range(s - n, s)
        for pos in span:
            positions.append(pos)
            locs.append(int(rs.req_to_token_cpu[r, pos]))
    assert all(kv_len(mode, s) <= TOKENS_PER_REQ for s in seq_lens)
    return dict(
        req_pool_indices=list(req_pool_indices),
        seq_lens=list(seq_lens),
        out_cache_loc=locs,
        positions=positions,
        tokens_per_req=n,
    )


def spec_info_for(mode: str):
    """sglang's own spec inputs for the mode (None for plain decode)."""
    if mode == "TARGET_VERIFY":
        si = _mod("sglang.srt.speculative.spec_info")
        spec = si.SpeculativeAlgorithm
        return si.create_dummy_verify_input(spec.EAGLE, None, NUM_DRAFT_TOKENS, False)
    if mode == "DRAFT_EXTEND_V2":
        info = _mod("sglang.srt.speculative.eagle_info")
        return info.EagleDraftExtendInput(num_tokens_per_req=NUM_DRAFT_TOKENS)
    return None


def make_batch(rs: RunnerSet, runner, mode: str, values: dict):
    """A real ``ForwardBatch`` on CUDA, bound to ``runner``'s KV plan."""
    torch = torch_mod()
    F = fbi()
    fm = getattr(F.ForwardMode, mode)
    bs = len(values["seq_lens"])
    n = values["tokens_per_req"]
    dev = DEVICE
    batch = F.ForwardBatch(
        forward_mode=fm,
        batch_size=bs,
        input_ids=torch.zeros(bs * n, dtype=torch.int64, device=dev),
        req_pool_indices=torch.tensor(values["req_pool_indices"], dtype=torch.int32, device=dev),
        seq_lens=torch.tensor(values["seq_lens"], dtype=torch.int32, device=dev),
        seq_lens_cpu=torch.tensor(values["seq_lens"], dtype=torch.int32),
        out_cache_loc=torch.tensor(values["out_cache_loc"], dtype=torch.int64, device=dev),
        seq_lens_sum=sum(values["seq_lens"]),
        positions=torch.tensor(values["positions"], dtype=torch.int64, device=dev),
    )
    batch.spec_info = spec_info_for(mode)
    runner.kv_index_translator.bind_own_plan(batch)
    if mode != "DECODE":
        prefix = [s - n if mode == "DRAFT_EXTEND_V2" else s for s in values["seq_lens"]]
        batch.extend_prefix_lens = torch.tensor(prefix, dtype=torch.int32, device=dev)
        batch.extend_prefix_lens_cpu = prefix
        batch.extend_seq_lens = torch.tensor([n] * bs, dtype=torch.int32, device=dev)
        batch.extend_seq_lens_cpu = [n] * bs
        batch.extend_num_tokens = n * bs
    return batch


@dataclass
class ReplaySource:
    """Device copies of one replay batch's inputs, made before the sync-debug region so that a
    replay step only issues device-to-device copies."""

    values: dict
    req_pool_indices: Any
    seq_lens: Any
    out_cache_loc: Any
    positions: Any
    extra: Dict[str, Any] = field(default_factory=dict)


def replay_source(values: dict) -> ReplaySource:
    torch = torch_mod()
    return ReplaySource(
        values=values,
        req_pool_indices=torch.tensor(values["req_pool_indices"], dtype=torch.int32, device=DEVICE),
        seq_lens=torch.tensor(values["seq_lens"], dtype=torch.int32, device=DEVICE),
        out_cache_loc=torch.tensor(values["out_cache_loc"], dtype=torch.int64, device=DEVICE),
        positions=torch.tensor(values["positions"], dtype=torch.int64, device=DEVICE),
    )


def load_batch(batch, src: ReplaySource) -> None:
    """What sglang's graph runner does before a replay: refill the static batch buffers (device
    to device), plus the host-side scalars."""
    batch.req_pool_indices.copy_(src.req_pool_indices)
    batch.seq_lens.copy_(src.seq_lens)
    batch.out_cache_loc.copy_(src.out_cache_loc)
    batch.positions.copy_(src.positions)
    batch.seq_lens_cpu.copy_(batch.seq_lens_cpu.new_tensor(src.values["seq_lens"]))
    batch.seq_lens_sum = sum(src.values["seq_lens"])


# ------------------------------------------------------------------------------------------------
# TRTLLM-MHA: CUDA-graph metadata, captured and replayed
# ------------------------------------------------------------------------------------------------

METADATA_FIELDS = ("cache_seqlens_int32", "cu_seqlens_k", "page_table", "swa_page_table")


def snapshot_trtllm_metadata(backend, bs: int, n_tokens: int) -> dict:
    md = backend.forward_metadata
    out = {}
    for name in METADATA_FIELDS:
        t = getattr(md, name, None)
        if t is None:
            out[name] = None
        elif name in ("page_table", "swa_page_table"):
            out[name] = t[:bs].detach().clone().cpu()
        elif name == "cu_seqlens_k":
            out[name] = t[: bs + 1].detach().clone().cpu()
        else:
            out[name] = t[:bs].detach().clone().cpu()
    swa_loc = getattr(md, "swa_out_cache_loc", None)
    out["swa_out_cache_loc"] = (
        None if swa_loc is None else swa_loc[:n_tokens].detach().clone().cpu()
    )
    return out


def expected_trtllm_metadata(rs: RunnerSet, mode: str, values: dict, swa: bool) -> dict:
    """What the metadata must hold after a replay of ``values`` (independent torch reference)."""
    torch = torch_mod()
    lens = [kv_len(mode, s) for s in values["seq_lens"]]
    pages = [
        rs.req_to_token_cpu[r, :L].to(torch.int32) for r, L in zip(values["req_pool_indices"], lens)
    ]
    out = {
        "cache_seqlens_int32": torch.tensor(lens, dtype=torch.int32),
        "cu_seqlens_k": torch.tensor([0] + list(_cumsum(lens)), dtype=torch.int32),
        "page_table_rows": pages,
    }
    if swa:
        out["swa_page_table_rows"] = [rs.mapping_cpu[p.long()].to(torch.int32) for p in pages]
        out["swa_out_cache_loc"] = rs.mapping_cpu[torch.tensor(values["out_cache_loc"])].to(
            torch.int64
        )
    return out


def _cumsum(xs):
    total = 0
    for x in xs:
        total += x
        yield total


def compare_trtllm_metadata(snap: dict, exp: dict) -> List[str]:
    """Differences between a metadata snapshot and the reference (empty: all equal)."""
    torch = torch_mod()
    problems = []
    if not torch.equal(snap["cache_seqlens_int32"], exp["cache_seqlens_int32"]):
        problems.append(
            f"cache_seqlens {snap['cache_seqlens_int32'].tolist()} != {exp['cache_seqlens_int32'].tolist()}"
        )
    # cu_seqlens_k is not compared with the reference (XQA decode does not read it; which modes
    # the fused kernel refreshes it for is sglang's business) — it is in the on/off comparison.
    for i, row in enumerate(exp["page_table_rows"]):
        got = snap["page_table"][i, : row.numel()]
        if not torch.equal(got, row):
            problems.append(f"page_table row {i} differs")
    if "swa_page_table_rows" in exp:
        if snap["swa_page_table"] is None:
            problems.append("swa_page_table missing")
        else:
            for i, row in enumerate(exp["swa_page_table_rows"]):
                if not torch.equal(snap["swa_page_table"][i, : row.numel()], row):
                    problems.append(f"swa_page_table row {i} differs")
        if snap["swa_out_cache_loc"] is None or not torch.equal(
            snap["swa_out_cache_loc"], exp["swa_out_cache_loc"]
        ):
            problems.append("swa_out_cache_loc differs")
    return problems


ROLE_MODES = {
    # role -> the forward modes it runs through CUDA graphs
    "target": ("DECODE", "TARGET_VERIFY"),
    "eagle_draft": ("DRAFT_EXTEND_V2",),
    "frozen_kv_draft": ("DECODE",),
}


@dataclass
class TrtllmGraph:
    rs: RunnerSet
    role: str
    mode: str
    backend: Any
    runner: Any
    batch: Any
    graph: Any = None
    view: Callable[[], Any] = contextlib.nullcontext
    sources: List[ReplaySource] = field(default_factory=list)

    def out_graph(self, in_capture: bool) -> None:
        with self.view():
            self.backend.init_forward_metadata_out_graph(self.batch, in_capture=in_capture)

    def capture(self) -> None:
        torch = torch_mod()
        self.out_graph(in_capture=True)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            with self.view():
                self.backend.init_forward_metadata_in_graph(self.batch)
        self.graph = g

    def step(self, src: ReplaySource) -> None:
        """One replay step: load the batch, host metadata (guarded), replay the graph."""
        load_batch(self.batch, src)
        self.out_graph(in_capture=False)
        self.graph.replay()


def frozen_view_factory(rs: RunnerSet, backend, batch):
    utils = _mod("sglang.srt.speculative.frozen_kv_mtp_utils")
    info = _mod("sglang.srt.speculative.frozen_kv_mtp_info")
    ctx = info.FrozenKVMTPContext(target_token_to_kv_pool=rs.target_pool, physical_layer_ids={})
    return lambda: utils.target_kv_pool_view(batch, ctx, backend)


def build_trtllm_graph(
    rs: RunnerSet, role: str, mode: str, *, legacy_25103: bool = False
) -> TrtllmGraph:
    runner = {
        "target": rs.target,
        "eagle_draft": rs.eagle_draft,
        "frozen_kv_draft": rs.frozen_kv_draft,
    }[role]
    backend = build_trtllm(runner, legacy_25103=legacy_25103)
    backend.init_cuda_graph_state(MAX_BS, MAX_BS * NUM_DRAFT_TOKENS)
    values = batch_values(rs, mode, **CAPTURE)
    batch = make_batch(rs, runner, mode, values)
    tg = TrtllmGraph(rs, role, mode, backend, runner, batch)
    if role == "frozen_kv_draft":
        tg.view = frozen_view_factory(rs, backend, batch)
    tg.sources = [replay_source(batch_values(rs, mode, **r)) for r in REPLAYS]
    return tg


def warm_up(tg: TrtllmGraph) -> None:
    """Compile the Triton metadata kernel eagerly once (outside capture and sync-debug)."""
    tg.out_graph(in_capture=True)
    with tg.view():
        tg.backend.init_forward_metadata_in_graph(tg.batch)
    device_sync()


def run_trtllm_graph(role: str, mode: str, guard_mode: str, *, legacy_25103: bool = False) -> dict:
    """Build fresh real objects under ``guard_mode``, capture the metadata graph and replay it
    under ``set_sync_debug_mode("error")``. Returns snapshots, reference diffs and guard stats."""
    torch = torch_mod()
    set_guard(guard_mode)
    g = guard()
    try:
        rs = build_runner_set("trtllm_mha")
        tg = build_trtllm_graph(rs, role, mode, legacy_25103=legacy_25103)
        be = tg.backend
        obs = {
            "role": role,
            "mode": mode,
            "guard": guard_mode,
            "backend_class": type(be).__name__,
            "is_xqa_impl": bool(getattr(be, "is_xqa_impl", False)),
            "swa_pool_is_target_pool": be._swa_kv_pool is rs.target_pool,
            "swa_pool_set": be._swa_kv_pool is not None,
            "flag": be.use_sliding_window_kv_pool,
            "own_pool_type": type(tg.runner.token_to_kv_pool).__name__,
            "guard_state": _state_summary(be),
        }
        try:
            warm_up(tg)
        except g.PoolGuardViolation as exc:
            obs["violation"] = _violation(exc, "warm-up out_graph(in_capture=True)")
            # the same call inside the sync-debug capture flow: the guard's exception, not a sync error
            try:
                with sync_debug("error"):
                    tg.out_graph(in_capture=True)
                obs["violation_under_sync_debug"] = None
            except g.PoolGuardViolation as exc2:
                obs["violation_under_sync_debug"] = _violation(exc2, "out_graph under sync-debug")
            obs["capturing_after_violation"] = torch.cuda.is_current_stream_capturing()
            obs["stats"] = _stats()
            return obs

        def capture_and_replay():
            tg.capture()
            for src in tg.sources:
                tg.step(src)

        obs["sync_debug"] = under_sync_debug(capture_and_replay)
        # snapshots: replay each again and read back outside the sync-debug region
        results = []
        for src in tg.sources:
            tg.step(src)
            device_sync()
            snap = snapshot_trtllm_metadata(
                be, len(src.values["seq_lens"]), len(src.values["out_cache_loc"])
            )
            exp = expected_trtllm_metadata(rs, mode, src.values, swa=be._swa_kv_pool is not None)
            results.append({"snapshot": snap, "problems": compare_trtllm_metadata(snap, exp)})
        obs["replays"] = results
        obs["stats"] = _stats()
        if legacy_25103:
            obs["draft_swa_rows_translated_by_target_mapping"] = _translated_rows(results, rs, mode)
        return obs
    finally:
        set_guard("off")


def _translated_rows(results, rs, mode) -> bool:
    """#25103 with the guard off: the draft's SWA page table holds the target allocator's SWA
    translation of the draft's full-pool indices — silent corruption the guard exists for."""
    torch = torch_mod()
    for res, src in zip(results, [replay_source(batch_values(rs, mode, **r)) for r in REPLAYS]):
        snap = res["snapshot"]
        if snap["swa_page_table"] is None:
            return False
        r0, s0 = src.values["req_pool_indices"][0], src.values["seq_lens"][0]
        L = kv_len(mode, s0)
        full = rs.req_to_token_cpu[r0, :L].long()
        if not torch.equal(snap["swa_page_table"][0, :L], rs.mapping_cpu[full].to(torch.int32)):
            return False
    return True


def _violation(exc, where: str) -> dict:
    return {
        "where": where,
        "type": type(exc).__name__,
        "kinds": [v.kind for v in getattr(exc, "violations", ())],
        "message": str(exc),
    }


def _stats() -> dict:
    s = guard().stats()
    return {
        "mode": s["mode"],
        "checks": s["checks"],
        "violations": s["violations"],
        "internal_errors": s["internal_errors"],
        "by_key": {"|".join(map(str, k)): n for k, n in s["by_key"].items()},
    }


def _state_summary(backend) -> Optional[dict]:
    st = guard().backend_state(backend)
    if st is None:
        return None
    return {
        "role": st.role,
        "spec_algorithm": st.spec_algorithm,
        "sglang_version": st.sglang_version,
        "applicable": st.applicable,
        "flag_known": st.flag_known,
    }


def frozen_outside_view(guard_mode: str = "raise") -> dict:
    """Negative control for the FROZEN_KV case: the same draft backend *outside* the real
    ``target_kv_pool_view`` (own full pool active, target SWA pool resolved) — the guard must
    fire, so its silence inside the view is not vacuous."""
    set_guard(guard_mode)
    g = guard()
    try:
        rs = build_runner_set("trtllm_mha")
        tg = build_trtllm_graph(rs, "frozen_kv_draft", "DECODE")
        tg.view = contextlib.nullcontext
        try:
            tg.out_graph(in_capture=True)
            return {"violation": None, "stats": _stats()}
        except g.PoolGuardViolation as exc:
            return {"violation": _violation(exc, "out_graph outside the view"), "stats": _stats()}
    finally:
        set_guard("off")


def LEGACY_0_5_13_UPDATER_TRANSLATE(backend, forward_batch):
    """STAND-IN, named as such, for FlashInfer <= 0.5.13.post1's index-updater step
    ``kv_indices = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)``
    (0.5.23 translates through the resolved pool): the backend's own-pool indices translated
    through the SHARED allocator, run inside the backend's host-side metadata call."""
    allocator = backend.__dict__["_kvguard_shared_allocator"]
    return allocator.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)


def translate_shape_in_draft(guard_mode: str = "raise") -> dict:
    """The behavioural check on CUDA: an EAGLE draft (own full pool) whose host-side
    ``init_forward_metadata_out_graph`` of the capture flow also runs the legacy updater's
    translation through the shared allocator. Raise mode: ``PoolGuardViolation`` (also under
    sync-debug "error", nothing capturing); off: the ids come back rewritten by the target's map.
    The target backend doing the same translation is legitimate and must stay silent."""
    torch = torch_mod()
    cls = trtllm_class()
    original = cls.__dict__["init_forward_metadata_out_graph"]
    seen = {}

    def out_graph_with_legacy_updater(self, forward_batch, in_capture=False):
        result = original(self, forward_batch, in_capture=in_capture)
        if "_kvguard_shared_allocator" in self.__dict__:
            seen["before"] = forward_batch.out_cache_loc.clone()
            seen["after"] = LEGACY_0_5_13_UPDATER_TRANSLATE(self, forward_batch)
        return result

    cls.init_forward_metadata_out_graph = out_graph_with_legacy_updater
    set_guard(guard_mode)  # wraps the stand-in like any backend method
    g = guard()
    out = {}
    try:
        rs = build_runner_set("trtllm_mha")
        for role, mode in (("target", "DECODE"), ("eagle_draft", "DRAFT_EXTEND_V2")):
            tg = build_trtllm_graph(rs, role, mode)
            tg.backend.__dict__["_kvguard_shared_allocator"] = rs.allocator
            seen.clear()
            entry = out[role] = {}
            try:
                entry["sync_debug"] = under_sync_debug(lambda: tg.out_graph(in_capture=True))
                entry["violation"] = None
            except g.PoolGuardViolation as exc:
                entry["violation"] = _violation(exc, f"{role} out_graph")
                entry["capturing_after_violation"] = torch.cuda.is_current_stream_capturing()
            if "after" in seen:
                entry["ids_rewritten"] = not torch.equal(seen["before"], seen["after"])
            entry["stats"] = _stats()
            g.reset_stats()
        return out
    finally:
        set_guard("off")
        cls.init_forward_metadata_out_graph = original


# ------------------------------------------------------------------------------------------------
# TRTLLM-MHA eager: init_forward_metadata and forward_decode up to the flashinfer kernel
# ------------------------------------------------------------------------------------------------


def _valid_prefix(table, lens):
    out = table.clone()
    for i, n in enumerate(lens):
        out[i, n:] = 0
    return out


def run_trtllm_eager(role: str, mode: str, guard_mode: str) -> dict:
    torch = torch_mod()
    set_guard(guard_mode)
    try:
        rs = build_runner_set("trtllm_mha")
        runner = {
            "target": rs.target,
            "eagle_draft": rs.eagle_draft,
            "frozen_kv_draft": rs.frozen_kv_draft,
        }[role]
        be = build_trtllm(runner)
        values = batch_values(rs, mode, **REPLAYS[0])
        batch = make_batch(rs, runner, mode, values)
        view = (
            frozen_view_factory(rs, be, batch)
            if role == "frozen_kv_draft"
            else contextlib.nullcontext
        )
        with view():
            be.init_forward_metadata(batch)
        device_sync()
        bs = len(values["seq_lens"])
        md = be.forward_metadata
        lens = [kv_len(mode, s) for s in values["seq_lens"]]
        snap = {
            "cache_seqlens_int32": md.cache_seqlens_int32[:bs].cpu(),
            # eager page tables come from torch.empty: only each row's first kv_len entries are
            # defined (the kernels bound their reads by cache_seqlens); the rest is masked to 0
            "page_table": _valid_prefix(md.page_table[:bs].cpu(), lens),
            "swa_page_table": (
                None
                if md.swa_page_table is None
                else _valid_prefix(md.swa_page_table[:bs].cpu(), lens)
            ),
            "swa_out_cache_loc": (
                None
                if getattr(md, "swa_out_cache_loc", None) is None
                else md.swa_out_cache_loc.cpu()
            ),
        }
        exp = expected_trtllm_metadata(rs, mode, values, swa=be._swa_kv_pool is not None)
        problems = []
        if not torch.equal(snap["cache_seqlens_int32"], exp["cache_seqlens_int32"]):
            problems.append("cache_seqlens differs")
        for i, row in enumerate(exp["page_table_rows"]):
            if not torch.equal(snap["page_table"][i, : row.numel()], row):
                problems.append(f"page_table row {i} differs")
        if "swa_page_table_rows" in exp:
            for i, row in enumerate(exp["swa_page_table_rows"]):
                if snap["swa_page_table"] is None or not torch.equal(
                    snap["swa_page_table"][i, : row.numel()], row
                ):
                    problems.append(f"swa_page_table row {i} differs")
        out = {"snapshot": snap, "problems": problems}
        # forward_decode (target decode only): the guard check, the real KV write, then the XQA
        # kernel call, which needs flashinfer (not carried)
        if role == "target" and mode == "DECODE":
            layer = radix_layers()[SWA_LAYER_IDS[0]]
            n = len(values["out_cache_loc"])
            gen = torch.Generator(device=DEVICE)
            gen.manual_seed(7)
            q = torch.randn(n, NUM_Q_HEADS * HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
            k = torch.randn(n, NUM_KV_HEADS, HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
            v = torch.randn(n, NUM_KV_HEADS, HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
            try:
                be.forward_decode(q, k, v, layer, batch)
                out["forward_decode"] = {"outcome": "ok"}
            except guard().PoolGuardViolation as exc:
                out["forward_decode"] = {
                    "outcome": "violation",
                    "detail": _violation(exc, "forward_decode"),
                }
            except Exception as exc:  # the XQA kernel through flashinfer
                out["forward_decode"] = {
                    "outcome": "stopped_at_kernel",
                    "error": f"{type(exc).__name__}: {str(exc)[:200]}",
                }
            device_sync()
            swa_loc = rs.mapping_cpu[torch.tensor(values["out_cache_loc"])].long()
            kbuf = rs.target_pool.get_key_buffer(layer.layer_id)
            out["kv_written_at_swa_locations"] = bool(
                torch.equal(kbuf[swa_loc.to(DEVICE)].cpu(), k.cpu())
            )
        out["stats"] = _stats()
        return out
    finally:
        set_guard("off")


# ------------------------------------------------------------------------------------------------
# Triton: a real decode forward, eager and through a CUDA graph
# ------------------------------------------------------------------------------------------------


@dataclass
class TritonGraph:
    rs: RunnerSet
    backend: Any
    layers: list
    batch: Any
    q: Any
    k: Any
    v: Any
    outputs: list = field(default_factory=list)
    graph: Any = None
    sources: List[ReplaySource] = field(default_factory=list)

    def forward(self):
        return [
            self.backend.forward_decode(self.q, self.k, self.v, layer, self.batch)
            for layer in self.layers
        ]

    def capture(self) -> None:
        torch = torch_mod()
        self.backend.init_forward_metadata_out_graph(self.batch, in_capture=True)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            self.backend.init_forward_metadata_in_graph(self.batch)
            self.outputs = self.forward()
        self.graph = g

    def step(self, src: ReplaySource) -> None:
        load_batch(self.batch, src)
        self.q.copy_(src.extra["q"])
        self.k.copy_(src.extra["k"])
        self.v.copy_(src.extra["v"])
        self.backend.init_forward_metadata_out_graph(self.batch, in_capture=False)
        self.graph.replay()


def qkv_for(values: dict, seed: int):
    torch = torch_mod()
    n = len(values["out_cache_loc"])
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(seed)
    q = torch.randn(n, NUM_Q_HEADS * HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
    k = torch.randn(n, NUM_KV_HEADS, HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
    v = torch.randn(n, NUM_KV_HEADS, HEAD_DIM, generator=gen, device=DEVICE).to(dtype())
    return q, k, v


def build_triton_graph(rs: RunnerSet) -> TritonGraph:
    be = build_triton(rs.target)
    be.init_cuda_graph_state(MAX_BS, MAX_BS)
    values = batch_values(rs, "DECODE", **CAPTURE)
    batch = make_batch(rs, rs.target, "DECODE", values)
    q, k, v = qkv_for(values, seed=11)
    tg = TritonGraph(rs, be, radix_layers(SLIDING_WINDOW), batch, q, k, v)
    for i, r in enumerate(REPLAYS):
        src = replay_source(batch_values(rs, "DECODE", **r))
        src.extra["q"], src.extra["k"], src.extra["v"] = qkv_for(src.values, seed=100 + i)
        tg.sources.append(src)
    return tg


def triton_reference(rs: RunnerSet, values: dict, q, layers) -> list:
    """Decode attention computed in torch from the pool (after the forward wrote this step's
    K/V): full layers read the whole sequence, SWA layers the last ``SLIDING_WINDOW`` tokens,
    both through the allocator's index spaces."""
    torch = torch_mod()
    outs = []
    group = NUM_Q_HEADS // NUM_KV_HEADS
    for layer in layers:
        kbuf = rs.target_pool.get_key_buffer(layer.layer_id).float()
        vbuf = rs.target_pool.get_value_buffer(layer.layer_id).float()
        rows = []
        for i, (r, s) in enumerate(zip(values["req_pool_indices"], values["seq_lens"])):
            full = rs.req_to_token_cpu[r, :s].long()
            if layer.layer_id in SWA_LAYER_IDS:
                full = full[-SLIDING_WINDOW:]
                idx = rs.mapping_cpu[full].long()
            else:
                idx = full
            K = kbuf[idx.to(DEVICE)]  # (L, kv, d)
            V = vbuf[idx.to(DEVICE)]
            qi = q[i].float().view(NUM_Q_HEADS, HEAD_DIM)
            Kx = K.repeat_interleave(group, dim=1)  # (L, h, d)
            Vx = V.repeat_interleave(group, dim=1)
            scores = torch.einsum("hd,lhd->hl", qi, Kx) * layer.scaling
            p = torch.softmax(scores, dim=-1)
            rows.append(torch.einsum("hl,lhd->hd", p, Vx).reshape(-1))
        outs.append(torch.stack(rows).cpu())
    return outs


def run_triton(guard_mode: str) -> dict:
    """Triton backend on the SWA target: eager decode forward, then the CUDA-graph path
    (out_graph at capture and replay, in_graph, forward_decode of 4 layers recorded)."""
    set_guard(guard_mode)
    try:
        rs = build_runner_set("triton", drafts=False)
        fill_kv(rs.target_pool)
        tg = build_triton_graph(rs)
        be = tg.backend
        obs = {
            "guard": guard_mode,
            "flag": be.use_sliding_window_kv_pool,
            "has_swa_kv_pool_attr": hasattr(be, "_swa_kv_pool"),
            "guard_state": _state_summary(be),
        }
        # eager decode forward (replay batch 0 values, its own q/k/v)
        src0 = tg.sources[0]
        eager_batch = make_batch(rs, rs.target, "DECODE", src0.values)
        be.init_forward_metadata(eager_batch)
        eager = [
            be.forward_decode(src0.extra["q"], src0.extra["k"], src0.extra["v"], layer, eager_batch)
            for layer in tg.layers
        ]
        device_sync()
        obs["eager_outputs"] = [o.float().cpu() for o in eager]
        obs["eager_reference"] = triton_reference(rs, src0.values, src0.extra["q"], tg.layers)
        # CUDA graph: warm-up (compiles the Triton kernels), then capture and replays under
        # sync-debug "error"
        be.init_forward_metadata_out_graph(tg.batch, in_capture=True)
        be.init_forward_metadata_in_graph(tg.batch)
        tg.forward()
        device_sync()

        def capture_and_replay():
            tg.capture()
            for src in tg.sources:
                tg.step(src)

        obs["sync_debug"] = under_sync_debug(capture_and_replay)
        graph_outputs, graph_refs = [], []
        for src in tg.sources:
            tg.step(src)
            device_sync()
            graph_outputs.append([o.float().cpu() for o in tg.outputs])
            graph_refs.append(triton_reference(rs, src.values, src.extra["q"], tg.layers))
        obs["graph_outputs"] = graph_outputs
        obs["graph_references"] = graph_refs
        obs["stats"] = _stats()
        return obs
    finally:
        set_guard("off")


# ------------------------------------------------------------------------------------------------
# timing helpers (benchmark)
# ------------------------------------------------------------------------------------------------


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def time_steps(step: Callable[[], None], n: int, *, sync: bool = True) -> List[float]:
    """Per-step wall times in microseconds (each step ends with a device sync when ``sync``)."""
    out = []
    pc = time.perf_counter_ns
    for _ in range(n):
        t0 = pc()
        step()
        if sync:
            device_sync()
        out.append((pc() - t0) / 1000.0)
    return out
