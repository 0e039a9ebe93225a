"""Backend that records the allocator's SWA-ness for diagnostics while reading by the pool's kind."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Diagnostics:
    allocator_is_swa: bool = False
    pool_is_swa: bool = False
    notes: list = field(default_factory=list)

    def summary(self) -> str:
        return f"allocator_swa={self.allocator_is_swa} pool_swa={self.pool_is_swa}"


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.diagnostics = Diagnostics(
            allocator_is_swa=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool_is_swa=isinstance(self.token_to_kv_pool, SWAKVPool),
        )
        if self.diagnostics.allocator_is_swa != self.diagnostics.pool_is_swa:
            self.diagnostics.notes.append("allocator and pool disagree (shared allocator)")
        self.swa_reads = self.diagnostics.pool_is_swa
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.graph: dict = {}
        logger.debug("backend diagnostics: %s", self.diagnostics.summary())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.diagnostics.summary()})"

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc) if self.swa_reads else loc

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens, slots=self._slots(forward_batch.out_cache_loc)
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph[bs] = "capture"

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
        self.graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
