"""Speculative-aware paged decode backend.

Some runners (disaggregated decode, HiCache wrappers) attach a wrapper pool to
``token_to_kv_pool``; the SWA view is then recovered from the allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 2, topk: int = 1):
        self.model_runner = model_runner
        self.spec_algorithm: SpeculativeAlgorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

        if self.spec_algorithm.is_eagle() and self.is_draft_worker:
            self.num_draft_slots = speculative_num_steps * topk
            logger.info("EAGLE draft backend: %d draft slots", self.num_draft_slots)
        else:
            self.num_draft_slots = 0

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        cache = allocator.get_kvcache() if hasattr(allocator, "get_kvcache") else None
        if isinstance(cache, SWAKVPool):
            return cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int):
        if step >= self.speculative_num_steps:
            raise IndexError(f"draft step {step} out of range")
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
