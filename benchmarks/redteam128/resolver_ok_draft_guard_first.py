"""Hybrid FlashInfer-style backend for interleaved sliding-window models.

Wrapper 0 serves the windowed layers and reads the SWA sub-pool through translated
indices; wrapper 1 serves the full-attention layers. The SWA pool is resolved once,
taking speculative draft workers into account.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WrapperPlan:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None


@dataclass
class HybridDecodeMetadata:
    plans: List[WrapperPlan] = field(default_factory=lambda: [WrapperPlan(), WrapperPlan()])


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool to translate against, or None.

    Draft workers (other than FROZEN_KV MTP) own their KV pool, so only that pool is
    considered for them. Everyone else prefers the active pool and then the hybrid
    cache behind the shared allocator.
    """
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        own = model_runner.token_to_kv_pool
        return own if isinstance(own, SWAKVPool) else None

    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    num_wrappers = 2

    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.forward_metadata: Optional[HybridDecodeMetadata] = None
        self.cuda_graph_kv_indices: List[torch.Tensor] = []
        logger.info(
            "Hybrid decode backend: window=%d swa_pool=%s draft=%s",
            sliding_window_size,
            self.use_sliding_window_kv_pool,
            model_runner.is_draft_worker,
        )

    def _plan(self, wrapper_id: int, seq_lens: torch.Tensor, req_pool_indices, seq_lens_cpu):
        bs = seq_lens.numel()
        if wrapper_id == 0:
            seq_lens = torch.clamp(seq_lens, max=self.sliding_window_size)
        indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        indptr[1:] = torch.cumsum(seq_lens, 0)
        rows = []
        for i in range(bs):
            end = int(seq_lens_cpu[i])
            start = max(0, end - int(seq_lens[i]))
            rows.append(self.req_to_token[req_pool_indices[i], start:end])
        indices = torch.cat(rows) if rows else torch.empty(0, dtype=torch.int64)
        if wrapper_id == 0 and self.use_sliding_window_kv_pool:
            indices = self._swa_kv_pool.translate_loc_from_full_to_swa(indices)
        last = (seq_lens - 1) % self.page_size + 1
        return WrapperPlan(indptr, indices, last.to(torch.int32))

    def init_forward_metadata(self, forward_batch):
        md = HybridDecodeMetadata()
        for wid in range(self.num_wrappers):
            md.plans[wid] = self._plan(
                wid,
                forward_batch.seq_lens,
                forward_batch.req_pool_indices,
                forward_batch.seq_lens_cpu,
            )
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = [
            torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
            for _ in range(self.num_wrappers)
        ]

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        md = HybridDecodeMetadata()
        for wid in range(self.num_wrappers):
            md.plans[wid] = WrapperPlan(
                kv_indptr=torch.zeros(bs + 1, dtype=torch.int32, device=self.device),
                kv_indices=self.cuda_graph_kv_indices[wid],
                kv_last_page_len=torch.ones(bs, dtype=torch.int32, device=self.device),
            )
        self.forward_metadata = md

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
