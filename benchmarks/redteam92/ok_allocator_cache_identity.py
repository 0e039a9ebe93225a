"""Sliding-window decode planning for the TRT-LLM MHA backend.

The allocator's cache is only trusted when it is the very pool installed on
this runner; speculative drafts that carry a private pool fall back to it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWAPlan:
    def __init__(self, pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.pool = pool
        self.swa_pool = swa_pool

    def target(self) -> KVCache:
        return self.swa_pool if self.swa_pool is not None else self.pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_size_mb: int = 128):
        self.workspace_size_mb = workspace_size_mb
        runner_pool = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()

        swa_pool: Optional[SWAKVPool] = None
        if allocator_cache is runner_pool and isinstance(allocator_cache, SWAKVPool):
            swa_pool = allocator_cache
        elif allocator_cache is not runner_pool:
            logger.info("allocator cache differs from runner pool; using runner pool")

        self.plan = _SWAPlan(runner_pool, swa_pool)

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        swa_pool = self.plan.swa_pool
        return loc if swa_pool is None else swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.plan.target(), self._window_locations(loc)
