"""Builders of *real* sglang objects on CPU, tolerant of the sglang version in the process.

Used by ``python -m guardrails doctor``, the guard tests (tests/guard/; imported there as
``tests.support.real_sglang``), the oracle script (tests/support/trtllm_oracle.py) and the autofix
acceptance test. Supported: sglang 0.5.9, 0.5.12.post1 (legacy backend API) and 0.5.23
(modern API); the code keys on features, not on exact versions, wherever it can.

What is real: the KV pools (``MHATokenToKVPool``, ``SWAKVPool``), ``ReqToTokenPool``, the shared
``SWATokenToKVPoolAllocator``, ``SpeculativeAlgorithm``, ``ForwardBatch`` and the attention backends
(``TRTLLMHAAttnBackend`` and its multi-step draft backend) with their real ``__init__``.
What is a stand-in (see guardrails/probe/standins.py): torchvision, and the four flashinfer-related names.

The *model runner* is sglang's own ``MockModelRunner`` test kit where the wheel ships it (0.5.23);
on older wheels, which have no such kit, it is ``LegacyCPUModelRunner`` below: a plain object that
carries exactly the attributes the backends' constructors read (runtime notes §9.3), holding the
real pools and allocator.

Import this module only after ``cpu_stubs.prepare_cpu_process()`` (it calls it itself).
"""

from __future__ import annotations

import importlib
import inspect
import os
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Optional

from guardrails.probe import standins as cpu_stubs

cpu_stubs.prepare_cpu_process()

import sglang  # noqa: E402
import torch  # noqa: E402

# KVGUARD_TEST_DEVICE=cuda builds the same objects on a GPU (issue 7); CPU is the default.
DEVICE = os.environ.get("KVGUARD_TEST_DEVICE", "cpu")
DTYPE = torch.bfloat16
HEAD_NUM = 2
HEAD_DIM = 16
NUM_Q_HEADS = 4
LAYERS = 4  # layers 0 and 2 are SWA, 1 and 3 full (in the SWA pools)
SWA_LAYER_IDS = [0, 2]
FULL_LAYER_IDS = [1, 3]
POOL_SIZE = 256
POOL_SIZE_SWA = 128
MAX_REQS = 4
CONTEXT_LEN = 64
PAGE_SIZE = 1


# --------------------------------------------------------------------------------------------
# version facts
# --------------------------------------------------------------------------------------------


def _parse_version(text: str) -> tuple:
    parts = []
    for piece in text.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        if piece.startswith("post") or not digits:
            break
        parts.append(int(digits))
    return tuple(parts)


@dataclass(frozen=True)
class SglangFacts:
    version: str
    version_tuple: tuple
    modern_api: bool  # init_forward_metadata_out_graph + self.token_to_kv_pool (>= 0.5.13)
    has_frozen_kv_mtp: bool  # SpeculativeAlgorithm.FROZEN_KV_MTP (>= 0.5.12)
    has_plugins: bool  # sglang.srt.plugins (>= 0.5.11)
    has_mock_runner: bool  # sglang's attention unit-test kit MockModelRunner (0.5.2x)


def sglang_facts() -> SglangFacts:
    version = sglang.__version__
    spec_mod = importlib.import_module("sglang.srt.speculative.spec_info")
    has_frozen = hasattr(spec_mod.SpeculativeAlgorithm, "FROZEN_KV_MTP")
    has_plugins = importlib.util.find_spec("sglang.srt.plugins") is not None
    has_kit = (
        importlib.util.find_spec("sglang.test.kits.attention_unittest") is not None
        if importlib.util.find_spec("sglang.test.kits") is not None
        else False
    )
    trtllm = trtllm_module()
    modern = hasattr(trtllm.TRTLLMHAAttnBackend, "init_forward_metadata_out_graph")
    return SglangFacts(
        version=version,
        version_tuple=_parse_version(version),
        modern_api=modern,
        has_frozen_kv_mtp=has_frozen,
        has_plugins=has_plugins,
        has_mock_runner=has_kit,
    )


def trtllm_module():
    return importlib.import_module("sglang.srt.layers.attention.trtllm_mha_backend")


# --------------------------------------------------------------------------------------------
# classes, found where the installed version keeps them
# --------------------------------------------------------------------------------------------


def _first_attr(candidates):
    for module_name, attr in candidates:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        if hasattr(module, attr):
            return getattr(module, attr)
    raise ImportError(f"none of {candidates} found in sglang {sglang.__version__}")


def swa_pool_class():
    return _first_attr([("sglang.srt.mem_cache.swa_memory_pool", "SWAKVPool")])


def base_swa_pool_class():
    try:
        return _first_attr([("sglang.srt.mem_cache.base_swa_memory_pool", "BaseSWAKVPool")])
    except ImportError:
        return None


def swa_allocator_class():
    return _first_attr(
        [
            ("sglang.srt.mem_cache.allocator.swa", "SWATokenToKVPoolAllocator"),  # >= 0.5.13
            ("sglang.srt.mem_cache.swa_memory_pool", "SWATokenToKVPoolAllocator"),  # 0.5.8-0.5.12
            ("sglang.srt.mem_cache.allocator", "SWATokenToKVPoolAllocator"),  # <= 0.5.7
        ]
    )


def mha_pool_class():
    return _first_attr([("sglang.srt.mem_cache.memory_pool", "MHATokenToKVPool")])


def req_to_token_pool_class():
    return _first_attr([("sglang.srt.mem_cache.memory_pool", "ReqToTokenPool")])


def spec_algorithm(name: str):
    enum = importlib.import_module("sglang.srt.speculative.spec_info").SpeculativeAlgorithm
    return getattr(enum, name)


def _call_with_supported(cls, **kwargs):
    """Construct ``cls`` passing only the keyword arguments its ``__init__`` accepts.

    Constructor signatures drift between versions (``enable_kvcache_transpose`` exists only in
    0.5.12.x, ``enable_alt_stream`` / ``req_to_token_pool`` only in newer ones ...).
    """
    params = inspect.signature(cls.__init__).parameters
    takes_var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    accepted = {}
    for key, value in kwargs.items():
        if key in params:
            accepted[key] = value
    missing = [
        n
        for n, p in params.items()
        if n != "self"
        and p.default is p.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        and n not in accepted
    ]
    if missing:
        raise TypeError(f"{cls.__name__}: no value for required parameters {missing}")
    del takes_var_kw
    return cls(**accepted)


# --------------------------------------------------------------------------------------------
# pools and allocator
# --------------------------------------------------------------------------------------------


def make_full_pool(size: int = POOL_SIZE, layer_num: int = LAYERS, page_size: int = PAGE_SIZE):
    return _call_with_supported(
        mha_pool_class(),
        size=size,
        page_size=page_size,
        dtype=DTYPE,
        head_num=HEAD_NUM,
        head_dim=HEAD_DIM,
        layer_num=layer_num,
        device=DEVICE,
        enable_memory_saver=False,
        enable_alt_stream=False,
    )


def make_swa_pool(page_size: int = PAGE_SIZE):
    return _call_with_supported(
        swa_pool_class(),
        size=POOL_SIZE,
        size_swa=POOL_SIZE_SWA,
        page_size=page_size,
        dtype=DTYPE,
        head_num=HEAD_NUM,
        head_dim=HEAD_DIM,
        swa_attention_layer_ids=list(SWA_LAYER_IDS),
        full_attention_layer_ids=list(FULL_LAYER_IDS),
        enable_kvcache_transpose=False,
        device=DEVICE,
        enable_memory_saver=False,
    )


def make_req_to_token_pool(max_reqs: int = MAX_REQS, context_len: int = CONTEXT_LEN):
    return _call_with_supported(
        req_to_token_pool_class(),
        size=max_reqs,
        max_context_len=context_len,
        device=DEVICE,
        enable_memory_saver=False,
    )


def make_swa_allocator(pool, page_size: int = PAGE_SIZE, req_to_token_pool=None):
    return _call_with_supported(
        swa_allocator_class(),
        size=POOL_SIZE,
        size_swa=POOL_SIZE_SWA,
        page_size=page_size,
        dtype=DTYPE,
        device=DEVICE,
        kvcache=pool,
        need_sort=False,
        req_to_token_pool=req_to_token_pool,
    )


def make_plain_allocator(pool, page_size: int = PAGE_SIZE):
    """The non-SWA allocator a full-pool target owns."""
    cls = _first_attr(
        [
            ("sglang.srt.mem_cache.allocator", "TokenToKVPoolAllocator"),
            ("sglang.srt.mem_cache.allocator.token", "TokenToKVPoolAllocator"),
        ]
    )
    return _call_with_supported(
        cls, size=POOL_SIZE, dtype=DTYPE, device=DEVICE, kvcache=pool, need_sort=False
    )


# --------------------------------------------------------------------------------------------
# model runners
# --------------------------------------------------------------------------------------------


class _TinyModelConfig:
    """Model-config attributes read by the flashinfer-family constructors (legacy runner)."""

    def __init__(self):
        self.num_attention_heads = NUM_Q_HEADS
        self.num_key_value_heads = HEAD_NUM
        self.head_dim = HEAD_DIM
        self.v_head_dim = HEAD_DIM
        self.hidden_size = NUM_Q_HEADS * HEAD_DIM
        self.context_len = CONTEXT_LEN
        self.is_multimodal = False
        self.is_encoder_decoder = False
        self.is_hybrid_swa = False
        self.attention_arch = None
        self.num_hidden_layers = LAYERS
        self.hf_config = SimpleNamespace(architectures=["LlamaForCausalLM"])
        self.hf_text_config = self.hf_config

    def get_num_kv_heads(self, tp_size: int) -> int:
        return max(1, HEAD_NUM // tp_size)


def _legacy_server_args(num_draft_tokens: Optional[int], topk: Optional[int]):
    return SimpleNamespace(
        enable_mis=False,
        dllm_algorithm=None,
        enable_deterministic_inference=False,
        disable_piecewise_cuda_graph=True,
        enable_piecewise_cuda_graph=False,
        multi_item_scoring_delimiter=None,
        disable_cuda_graph=True,
        speculative_eagle_topk=topk,
        speculative_num_draft_tokens=num_draft_tokens,
        speculative_num_steps=None,
        speculative_algorithm=None,
        kv_cache_dtype="auto",
        attention_backend="trtllm_mha",
        prefill_attention_backend=None,
        decode_attention_backend=None,
        enable_dp_attention=False,
        tp_size=1,
        dp_size=1,
        page_size=PAGE_SIZE,
        chunked_prefill_size=-1,
        triton_attention_num_kv_splits=8,
        triton_attention_split_tile_size=None,
        triton_attention_reduce_in_fp32=False,
        enable_torch_compile=False,
        is_embedding=False,
    )


class LegacyCPUModelRunner:
    """A minimal model runner for sglang wheels that ship no ``MockModelRunner`` (<= 0.5.12.x).

    It holds real pools/allocator and carries the attributes the attention backends' constructors
    read (runtime notes §9.3); nothing else. It does not run models.
    """

    def __init__(
        self,
        *,
        token_to_kv_pool,
        token_to_kv_pool_allocator,
        req_to_token_pool,
        is_draft_worker: bool,
        spec_algorithm_name: str,
        num_draft_tokens: Optional[int] = None,
        topk: Optional[int] = None,
        sliding_window_size: Optional[int] = None,
    ):
        self.token_to_kv_pool = token_to_kv_pool
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self.req_to_token_pool = req_to_token_pool
        self.is_draft_worker = is_draft_worker
        self.spec_algorithm = spec_algorithm(spec_algorithm_name)
        self.server_args = _legacy_server_args(num_draft_tokens, topk)
        self.model_config = _TinyModelConfig()
        self.prefill_attention_backend_str = "trtllm_mha"
        self.decode_attention_backend_str = "trtllm_mha"
        self.kv_cache_dtype = DTYPE
        self.dtype = DTYPE
        self.page_size = PAGE_SIZE
        self.sliding_window_size = sliding_window_size
        self.device = DEVICE
        self.gpu_id = 0
        self.model = torch.nn.Module()
        self.max_running_requests = MAX_REQS
        self.is_hybrid_swa = sliding_window_size is not None
        self.use_mla_backend = False
        self.attention_chunk_size = None
        self.hisparse_coordinator = None


class SingleRankGroupStandIn:
    """Stand-in for sglang's attention-TP ``GroupCoordinator`` in a single CPU process.

    Legacy (<= 0.5.12.x) flashinfer-family constructors ask ``get_attention_tp_size()``, which reads
    the distributed group; there is no torch.distributed world in a unit test. Only the size and
    rank are provided; any collective would fail with AttributeError.
    """

    world_size = 1
    rank_in_group = 0
    rank = 0
    local_rank = 0


def _ensure_legacy_parallel_state():
    """Single-rank attention TP without torch.distributed, for legacy backends (idempotent)."""
    ps = importlib.import_module("sglang.srt.distributed.parallel_state")
    if hasattr(ps, "_ATTN_TP") and ps._ATTN_TP is None:
        ps._ATTN_TP = SingleRankGroupStandIn()


def _mock_runner_kit():
    return importlib.import_module(
        "sglang.test.kits.attention_unittest.attention_methods.dense_attention"
    )


def _modern_runner(
    *,
    token_to_kv_pool,
    token_to_kv_pool_allocator,
    req_to_token_pool,
    is_draft_worker: bool,
    spec_algorithm_name: str,
    num_draft_tokens: Optional[int] = None,
):
    """sglang's own ``MockModelRunner`` with real pools swapped in (runtime notes §9.4)."""
    kit = _mock_runner_kit()
    fbi = importlib.import_module("sglang.srt.model_executor.forward_batch_info")
    mode = fbi.ForwardMode.TARGET_VERIFY if num_draft_tokens else fbi.ForwardMode.DECODE
    case = kit.DenseAttentionCase(
        name="kvguard",
        backend="trtllm_mha",
        forward_mode=mode,
        num_heads=NUM_Q_HEADS,
        num_kv_heads=HEAD_NUM,
        page_size=PAGE_SIZE,
        prefix_lens=(4,) * MAX_REQS,
        extend_lens=((num_draft_tokens,) * MAX_REQS) if num_draft_tokens else (),
    )
    model_config = kit.TinyModelConfig(
        num_heads=NUM_Q_HEADS,
        num_kv_heads=HEAD_NUM,
        head_dim=HEAD_DIM,
        hidden_size=NUM_Q_HEADS * HEAD_DIM,
        context_len=CONTEXT_LEN,
    )
    runner = kit.MockModelRunner(
        case=case,
        model_config=model_config,
        dtype=DTYPE,
        device=DEVICE,
        max_context_len=CONTEXT_LEN,
        head_dim=HEAD_DIM,
    )
    runner.token_to_kv_pool = token_to_kv_pool
    runner.token_to_kv_pool_allocator = token_to_kv_pool_allocator
    runner.req_to_token_pool = req_to_token_pool
    runner.is_draft_worker = is_draft_worker
    runner.spec_algorithm = spec_algorithm(spec_algorithm_name)
    if hasattr(runner, "init_kv_index_translator"):  # 0.5.2x; 0.5.13.x has no translator
        runner.init_kv_index_translator()
    return runner


def make_runner(**kwargs):
    """A model runner for this sglang version holding the given real pools."""
    if sglang_facts().has_mock_runner:
        kwargs.pop("topk", None)
        window = kwargs.pop("sliding_window_size", None)
        if sglang_facts().version_tuple[:3] == (0, 5, 13):
            _ensure_legacy_parallel_state()  # 0.5.13.x's kit leaves the attention-TP group unset
        runner = _modern_runner(**kwargs)
        if window is not None:
            runner.sliding_window_size = window
        return runner
    _ensure_legacy_parallel_state()
    return LegacyCPUModelRunner(**kwargs)


@dataclass
class RunnerSet:
    """A hybrid-SWA target and the draft runners that share its allocator."""

    target_pool: Any
    allocator: Any
    req_to_token_pool: Any
    target: Any
    eagle_draft: Any
    frozen_kv_draft: Optional[Any]  # None where the version has no FROZEN_KV MTP


def build_target_runner(*, swa: bool = True, spec_algorithm_name: str = "NONE", **extra):
    """A target runner: SWA pool + the SWA allocator over it, or a full pool + plain allocator."""
    req = make_req_to_token_pool()
    if swa:
        pool = make_swa_pool()
        allocator = make_swa_allocator(pool, req_to_token_pool=req)
    else:
        pool = make_full_pool()
        allocator = make_plain_allocator(pool)
    return make_runner(
        token_to_kv_pool=pool,
        token_to_kv_pool_allocator=allocator,
        req_to_token_pool=req,
        is_draft_worker=False,
        spec_algorithm_name=spec_algorithm_name,
        **extra,
    )


def build_draft_runner(target, spec_algorithm_name: str, **extra):
    """A draft runner: its OWN full-only ``MHATokenToKVPool``, the target's shared allocator and
    req-to-token pool, ``is_draft_worker=True`` (the EAGLE wiring of bug-family doc §7)."""
    return make_runner(
        token_to_kv_pool=make_full_pool(),
        token_to_kv_pool_allocator=target.token_to_kv_pool_allocator,
        req_to_token_pool=target.req_to_token_pool,
        is_draft_worker=True,
        spec_algorithm_name=spec_algorithm_name,
        **extra,
    )


def build_eagle_draft_runner(target, **extra):
    return build_draft_runner(target, "EAGLE", **extra)


def build_frozen_kv_draft_runner(target, **extra):
    """FROZEN_KV MTP draft runner (sglang >= 0.5.12); None where the version lacks it."""
    if not sglang_facts().has_frozen_kv_mtp:
        return None
    return build_draft_runner(target, "FROZEN_KV_MTP", **extra)


def build_nondraft_spec_runner(*, swa: bool = True, spec_algorithm_name: str = "EAGLE"):
    """A target (non-draft) runner with a speculative algorithm set."""
    return build_target_runner(swa=swa, spec_algorithm_name=spec_algorithm_name)


def build_runner_set(**extra) -> RunnerSet:
    target = build_target_runner(swa=True, **extra)
    return RunnerSet(
        target_pool=target.token_to_kv_pool,
        allocator=target.token_to_kv_pool_allocator,
        req_to_token_pool=target.req_to_token_pool,
        target=target,
        eagle_draft=build_eagle_draft_runner(target, **extra),
        frozen_kv_draft=build_frozen_kv_draft_runner(target, **extra),
    )


# --------------------------------------------------------------------------------------------
# backends
# --------------------------------------------------------------------------------------------

_standins_undo = None


def ensure_flashinfer_standins(trtllm_mod=None):
    """Install the four flashinfer stand-ins once per process (idempotent)."""
    global _standins_undo
    if _standins_undo is None:
        _standins_undo = cpu_stubs.install_flashinfer_standins(trtllm_mod)
    return _standins_undo


def build_trtllm_backend(runner, **kwargs):
    """A real ``TRTLLMHAAttnBackend`` for ``runner`` (flashinfer stand-ins installed)."""
    mod = trtllm_module()
    ensure_flashinfer_standins(mod)
    return mod.TRTLLMHAAttnBackend(runner, **kwargs)


def build_multistep_draft_backend(runner, *, topk: int = 1, steps: int = 3):
    """A real ``TRTLLMHAAttnMultiStepDraftBackend``; its per-step children are real backends."""
    mod = trtllm_module()
    ensure_flashinfer_standins(mod)
    if sglang_facts().version_tuple < (0, 5, 10):
        # 0.5.9's multi-step base imports spec_utils -> memory_pool_host -> sgl_kernel.
        cpu_stubs.install_sgl_kernel_stub()
    return mod.TRTLLMHAAttnMultiStepDraftBackend(runner, topk, steps)


# --------------------------------------------------------------------------------------------
# forward batches
# --------------------------------------------------------------------------------------------


def forward_mode(name: str = "DECODE"):
    fbi = importlib.import_module("sglang.srt.model_executor.forward_batch_info")
    return getattr(fbi.ForwardMode, name)


def make_forward_batch(runner, *, mode: str = "DECODE", batch_size: int = 2, prefix: int = 4):
    """A real ``ForwardBatch`` over ``runner``'s req-to-token pool.

    On <= 0.5.12.x the batch carries ``token_to_kv_pool`` (the pool the backend reads), set to the
    runner's pool as ``ForwardBatch.init_new`` does; newer versions have no such field.
    """
    fbi = importlib.import_module("sglang.srt.model_executor.forward_batch_info")
    fm = getattr(fbi.ForwardMode, mode)
    is_decode = fm.is_decode()
    input_lens = [1] * batch_size if is_decode else [3] * batch_size
    seq_lens = [prefix + n for n in input_lens]
    locs, positions = [], []
    req_to_token = runner.req_to_token_pool.req_to_token
    for r, seq_len in enumerate(seq_lens):
        for pos in range(seq_len):
            req_to_token[r, pos] = 1 + r * CONTEXT_LEN + pos
        start = seq_len - 1 if is_decode else prefix
        for pos in range(start, seq_len):
            positions.append(pos)
            locs.append(1 + r * CONTEXT_LEN + pos)
    kwargs = dict(
        forward_mode=fm,
        batch_size=batch_size,
        input_ids=torch.arange(len(locs), dtype=torch.int64, device=DEVICE),
        req_pool_indices=torch.arange(batch_size, dtype=torch.int32, device=DEVICE),
        seq_lens=torch.tensor(seq_lens, dtype=torch.int32, device=DEVICE),
        seq_lens_cpu=torch.tensor(seq_lens, dtype=torch.int32),
        out_cache_loc=torch.tensor(locs, dtype=torch.int64, device=DEVICE),
        seq_lens_sum=sum(seq_lens),
        positions=torch.tensor(positions, dtype=torch.int64, device=DEVICE),
    )
    fields = getattr(fbi.ForwardBatch, "__dataclass_fields__", {})
    if "token_to_kv_pool" in fields:
        kwargs["token_to_kv_pool"] = runner.token_to_kv_pool
    if "req_to_token_pool" in fields:
        kwargs["req_to_token_pool"] = runner.req_to_token_pool
    batch = fbi.ForwardBatch(**{k: v for k, v in kwargs.items() if k in fields or not fields})
    translator = getattr(runner, "kv_index_translator", None)
    if translator is not None and hasattr(translator, "bind_own_plan"):
        translator.bind_own_plan(batch)
    if not is_decode:
        batch.extend_prefix_lens = torch.tensor(
            [prefix] * batch_size, dtype=torch.int32, device=DEVICE
        )
        batch.extend_prefix_lens_cpu = [prefix] * batch_size
        batch.extend_seq_lens = torch.tensor(input_lens, dtype=torch.int32, device=DEVICE)
        batch.extend_seq_lens_cpu = list(input_lens)
        batch.extend_num_tokens = sum(input_lens)
    return batch


def active_pool_view(backend, forward_batch, pool):
    """Swap in ``pool`` as the active pool the way the FROZEN_KV views do for this version.

    0.5.23: sglang's real ``target_kv_pool_view`` (swaps ``backend.token_to_kv_pool``);
    0.5.12.x: sglang's real ``target_kv_pool_view`` (swaps ``forward_batch.token_to_kv_pool``).
    Returns a context manager.
    """
    utils = importlib.import_module("sglang.srt.speculative.frozen_kv_mtp_utils")
    info = importlib.import_module("sglang.srt.speculative.frozen_kv_mtp_info")
    ctx = info.FrozenKVMTPContext(target_token_to_kv_pool=pool, physical_layer_ids={})
    params = inspect.signature(utils.target_kv_pool_view).parameters
    if "draft_attn_backend" in params:
        return utils.target_kv_pool_view(forward_batch, ctx, backend)
    return utils.target_kv_pool_view(forward_batch, ctx)
