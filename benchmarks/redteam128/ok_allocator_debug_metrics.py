"""Attention backend with per-step KV usage metrics and debug tracing.

Every decode step optionally records KV occupancy (via the allocator's counters) into a
small ring buffer that the metrics exporter scrapes. Sliding-window layers read through
the runner's own hybrid pool.
"""

from __future__ import annotations

import collections
import logging
import time
from dataclasses import dataclass
from typing import Deque, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVUsageSample:
    ts: float
    free_tokens: int
    detail: str


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, metrics_window: int = 64, trace_decode: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.trace_decode = trace_decode
        self.samples: Deque[KVUsageSample] = collections.deque(maxlen=metrics_window)

        pool = model_runner.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.forward_metadata: Optional[DecodeMetadata] = None
        self._cg_lens: Optional[torch.Tensor] = None
        self._cg_indices: Optional[torch.Tensor] = None
        self.record_kv_usage()

    # ---------------------------------------------------------------- metrics
    def _allocator_detail(self) -> str:
        alloc = self.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            return f"hybrid[{alloc.debug_print()} size_swa={alloc.size_swa}]"
        return f"full[size={alloc.size}]"

    def record_kv_usage(self) -> KVUsageSample:
        sample = KVUsageSample(
            ts=time.monotonic(),
            free_tokens=int(self.token_to_kv_pool_allocator.available_size()),
            detail=self._allocator_detail(),
        )
        self.samples.append(sample)
        if self.trace_decode:
            logger.debug("kv usage: free=%d %s", sample.free_tokens, sample.detail)
        return sample

    def mean_free_tokens(self) -> float:
        if not self.samples:
            return 0.0
        return sum(s.free_tokens for s in self.samples) / len(self.samples)

    # ---------------------------------------------------------------- metadata
    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = DecodeMetadata(seq_lens=forward_batch.seq_lens, kv_indices=kv)
        if self.swa_pool is not None:
            md.swa_kv_indices = self.swa_pool.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self._cg_indices = torch.zeros(
            max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        md = DecodeMetadata(seq_lens=self._cg_lens[:bs], kv_indices=self._cg_indices[:bs])
        if self.swa_pool is not None:
            md.swa_kv_indices = torch.zeros_like(md.kv_indices)
        self.forward_metadata = md

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ---------------------------------------------------------------- forward
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        self.record_kv_usage()
        if self.swa_pool is not None:
            locations = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, locations
        return self.token_to_kv_pool, loc
