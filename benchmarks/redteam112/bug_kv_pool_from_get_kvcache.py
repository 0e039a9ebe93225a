"""Cleanup: drop the duplicate pool handle kept on the backend.

The allocator already owns a reference to the KV cache it hands out slots
for, so fetch the cache from there instead of caching a second handle from
the runner.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        self.page_size = model_runner.page_size
        self.max_context_len = max_context_len
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.allocator = model_runner.token_to_kv_pool_allocator

    @property
    def kv_cache(self) -> KVCache:
        return self.allocator.get_kvcache()

    def _is_swa(self) -> bool:
        return isinstance(self.kv_cache, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        cache = self.kv_cache
        if self._is_swa():
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
