"""Decode backend sizing its windowed CUDA-graph buffers from the resolved SWA pool.

The pool is picked by a static helper so that the graph runner can call it without
building a backend. Buffers are sized from the pool the backend reads; the
allocator is only consulted to sanity-check the window budget.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.swa_kv_pool = self.pick_swa_pool(model_runner)
        self.swa_indices_buf: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            swa_size = self.swa_kv_pool.size_swa
            if getattr(allocator, "size_swa", swa_size) > swa_size:
                raise ValueError(
                    f"allocator window budget {allocator.size_swa} exceeds pool {swa_size}"
                )
            self.swa_indices_buf = torch.empty(
                (max_bs, min(swa_size, 4096)), dtype=torch.int32, device=self.device
            )
        logger.debug("graph buffers ready; %s", allocator.debug_print())

    @staticmethod
    def pick_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not model_runner.is_draft_worker:
            return None
        spec: SpeculativeAlgorithm = model_runner.spec_algorithm
        if not spec.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
