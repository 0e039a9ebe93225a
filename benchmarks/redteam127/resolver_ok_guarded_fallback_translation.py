"""Decode backend that translates locations through its resolved SWA pool.

Frozen-KV MTP draft layers attend over the target's cache, so for those the
lookup falls back to the allocator's KV cache; every other draft keeps to the
pool it was built with. Translation always goes through the resolved pool.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeView:
    pool: KVCache
    swa_pool: Optional[SWAKVPool]

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        own_pool = model_runner.token_to_kv_pool
        swa_pool: Optional[SWAKVPool] = None
        if isinstance(own_pool, SWAKVPool):
            swa_pool = own_pool
        elif not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                logger.info("using allocator KV cache for sliding-window layers")
                swa_pool = shared
        self.view = DecodeView(pool=swa_pool or own_pool, swa_pool=swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.view.pool, self.view.locations(loc)
