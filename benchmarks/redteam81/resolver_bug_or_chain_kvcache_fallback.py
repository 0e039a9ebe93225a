"""Decode backend resolving its hybrid pool with a short ``or`` chain.

The runner's own pool wins; otherwise the pool behind the shared allocator is
used so that runners created before the hybrid pool is attached still find it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def swa_pool_for(model_runner) -> Optional[SWAKVPool]:
    own, shared = (
        model_runner.token_to_kv_pool,
        model_runner.token_to_kv_pool_allocator.get_kvcache(),
    )
    return (
        (isinstance(own, SWAKVPool) and own) or (isinstance(shared, SWAKVPool) and shared) or None
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_wrappers: int = 1):
        self.num_wrappers = num_wrappers
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = swa_pool_for(model_runner)
        logger.info("hybrid swa pool: %s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        return (
            (self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
            if self.swa_kv_pool
            else (self.kv_pool, loc)
        )
