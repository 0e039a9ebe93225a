import functools

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_slots = model_runner.token_to_kv_pool_allocator.size

    @functools.cached_property
    def _full_to_swa(self):
        pool = self.token_to_kv_pool
        return pool.full_to_swa_index_mapping if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc):
        mapping = self._full_to_swa
        if mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, mapping[loc].to(torch.int64)
