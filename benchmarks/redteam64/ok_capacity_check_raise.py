"""Sliding-window aware decode backend with an up-front KV capacity check.

Before each decode step we make sure the allocator still has room for one token per
running request; running out here means the scheduler's retract logic misfired, so
we fail loudly with the allocator state instead of corrupting the cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVCapacityError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict_capacity_check: bool = True):
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_allocator = model_runner.token_to_kv_pool_allocator
        self.strict_capacity_check = strict_capacity_check

        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool

    def _check_capacity(self, num_tokens: int) -> None:
        available = self.token_allocator.available_size()
        if available >= num_tokens:
            return
        msg = (
            f"KV cache exhausted during decode: need {num_tokens} slots, "
            f"allocator reports {available} ({self.token_allocator.debug_print()})"
        )
        if self.strict_capacity_check:
            raise KVCapacityError(msg)
        logger.warning(msg)

    def forward_decode(self, loc: torch.Tensor):
        self._check_capacity(int(loc.numel()))
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
