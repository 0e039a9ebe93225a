"""Decode backend that caches the shared kvcache and only then consults the draft role."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata = ForwardMetadata()
        self.swa_kv_pool = self._swa_pool_candidate
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # drafts capture their own cuda graphs; no SWA page table buffers
            self.swa_graph_buffers = None
        else:
            self.swa_graph_buffers = {}

    @functools.cached_property
    def _swa_pool_candidate(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        kvcache = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int):
        if self.swa_graph_buffers is not None:
            self.swa_graph_buffers["loc"] = torch.zeros(max_bs, dtype=torch.int64)

    def init_forward_metadata(self, loc):
        self.forward_metadata.cache_loc = loc
        self.forward_metadata.swa_cache_loc = (
            None
            if self.swa_kv_pool is None
            else self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is None:
            return self.token_to_kv_pool, md.cache_loc
        return self.swa_kv_pool, md.swa_cache_loc
