"""Decode backend exposing ``check_invariants()`` for health checks.

``check_invariants()`` reports allocator/pool pairing issues. When the active
pool is full-only but the allocator is hybrid, the backend adopts the hybrid
cache registered with the allocator so decode sees the sliding-window layers.
"""

import logging
from typing import List, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, raise_on_problem: bool = False):
        self.runner_is_draft = model_runner.is_draft_worker
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

        problems = self.check_invariants()
        if problems and raise_on_problem:
            raise ValueError("; ".join(problems))

    def check_invariants(self) -> List[str]:
        problems: List[str] = []
        hybrid_alloc = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if hybrid_alloc and self.swa_pool is None:
            problems.append(
                f"allocator is {type(self.allocator).__name__} but the pool is "
                f"{type(self.pool).__name__} (draft={self.runner_is_draft})"
            )
            logger.info("adopting allocator-registered hybrid cache")
            self.swa_pool = self.allocator.get_kvcache()
        return problems

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
