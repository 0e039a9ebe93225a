"""Decode-path attention backend with a startup consistency check.

The backend reads K/V from the runner's active ``token_to_kv_pool``. At init we
cross-check the allocator's SWA capacity against the pool so misconfigured
memory budgets surface early instead of as garbage attention outputs.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVCacheConfigError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.strict = strict

        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.validate()

    def validate(self) -> None:
        """Raise if the allocator and the SWA pool disagree on the SWA budget."""
        allocator = self.token_to_kv_pool_allocator
        if self.swa_kv_pool is None or not isinstance(allocator, SWATokenToKVPoolAllocator):
            return
        if allocator.size_swa > self.swa_kv_pool.size_swa:
            msg = (
                f"allocator hands out {allocator.size_swa} SWA slots but the SWA pool "
                f"only holds {self.swa_kv_pool.size_swa}"
            )
            if self.strict:
                raise KVCacheConfigError(msg)
            logger.warning(msg)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
