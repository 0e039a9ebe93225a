"""Role table for the multi-stream decode backend.

Every KV-related object the backend touches is put in a small role table and
fetched with ``itemgetter`` so that the cuda-graph runner can swap entries.
The ``kvcache`` role is the cache bound to the allocator.
"""

from operator import itemgetter
from typing import Any, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_get_cache_and_alloc = itemgetter("kvcache", "allocator")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_streams: int = 2):
        super().__init__()
        self.num_streams = num_streams
        allocator = model_runner.token_to_kv_pool_allocator
        self.roles: Dict[str, Any] = {
            "allocator": allocator,
            "kvcache": allocator.get_kvcache(),
            "req_to_token": model_runner.req_to_token_pool,
        }

    def describe(self) -> str:
        cache, alloc = _get_cache_and_alloc(self.roles)
        return f"{type(cache).__name__} via {type(alloc).__name__} x{self.num_streams}"

    def forward_decode(self, loc: torch.Tensor):
        cache, _ = _get_cache_and_alloc(self.roles)
        if isinstance(cache, SWAKVPool):
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
