"""Decode backend that logs allocator headroom when it is created.

Token counts come from the shared allocator; KV reads go through the pool
owned by this runner.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_headroom: bool = True):
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size

        if log_headroom:
            kvcache = self.allocator.get_kvcache()
            logger.info(
                "KV headroom: %d / %d tokens free (cache=%s, page_size=%d)",
                self.allocator.available_size(),
                self.allocator.size,
                type(kvcache).__name__,
                self.page_size,
            )

        pool = self.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def free_tokens(self) -> int:
        return self.allocator.available_size()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
