"""Decode backend whose SWA resolver consults the allocator first but checks ownership."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self.allocator.page_size
        self.swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        kvcache = self.allocator.get_kvcache()
        active = model_runner.token_to_kv_pool
        if kvcache is active:
            # The common case: this runner owns the allocator's pool.
            return kvcache if isinstance(kvcache, SWAKVPool) else None
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug(
                "draft worker: allocator cache %s is the target's; not borrowing",
                type(kvcache).__name__,
            )
            return None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, device="cpu"):
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(max_bs, dtype=torch.int64, device=device)
            if self.swa_kv_pool is not None
            else None
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.cuda_graph_swa_out_cache_loc is not None:
            self.cuda_graph_swa_out_cache_loc[:bs].copy_(
                self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
