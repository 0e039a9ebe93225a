"""Decode backend with a ``describe()`` helper reused for layout selection.

``describe()`` summarises the cache this worker's KV lives in and is served
on the debug endpoint. To keep one source of truth, ``__init__`` reads the
``cache_class`` field of the same summary to choose the hybrid decode path.
"""

from typing import Any, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool

        info = self.describe()
        self.hybrid_swa = info["cache_class"] == SWAKVPool.__name__
        self.read_pool = self.allocator.get_kvcache() if self.hybrid_swa else self.kv_pool

    def describe(self) -> Dict[str, Any]:
        cache = self.allocator.get_kvcache()
        return {
            "cache_class": type(cache).__name__,
            "cache_size": cache.size,
            "cache_size_swa": getattr(cache, "size_swa", None),
            "allocator_class": type(self.allocator).__name__,
            "available": self.allocator.available_size(),
            "draft": self.model_runner.is_draft_worker,
        }

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_swa:
            return self.read_pool, self.read_pool.translate_loc_from_full_to_swa(loc)
        return self.read_pool, loc
