"""Decode backend with a cached KV descriptor used by ``__repr__``.

``_kv_descriptor`` pairs a cache object with a short label (``"hybrid-swa"``
or ``"full"``) derived from the allocator family. It is computed once and
shown by ``__repr__``; the decode path uses the same descriptor to avoid
re-deriving the layout every step.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._descriptor: Tuple[KVCache, str] = self._kv_descriptor()

    def _kv_descriptor(self) -> Tuple[KVCache, str]:
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return self.allocator.get_kvcache(), "hybrid-swa"
        return self.token_to_kv_pool, "full"

    def __repr__(self) -> str:
        cache, label = self._descriptor
        return (
            f"{type(self).__name__}(layout={label}, cache={type(cache).__name__}, "
            f"size={cache.size}, free={self.allocator.available_size()})"
        )

    def forward_decode(self, loc: torch.Tensor):
        cache, label = self._descriptor
        if label == "hybrid-swa":
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
