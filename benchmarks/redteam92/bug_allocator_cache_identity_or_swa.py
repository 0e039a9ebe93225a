"""Ascend-style paged decode backend, hybrid sliding-window variant.

The allocator's cache is accepted when it is the runner's own pool, or when
it is a hybrid SWA pool (needed when the runner holds a wrapper around it).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_table_width: int = 128):
        self.block_table_width = block_table_width
        self.runner_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None

        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if cache is self.runner_pool or isinstance(cache, SWAKVPool):
            self.kv_pool = cache
        else:
            self.kv_pool = self.runner_pool
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        translated = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, translated
