"""Decode backend that ranks the available KV caches.

When more than one cache is reachable from the runner the backend sorts them
so that a sliding-window cache (which needs the compacted index space) takes
precedence over a plain full-attention cache.
"""

from typing import List, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _rank(pool: KVCache) -> Tuple[int, str]:
    # lower sorts first: sliding-window caches before full-attention caches
    return (0 if isinstance(pool, SWAKVPool) else 1, type(pool).__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator
        reachable: List[KVCache] = [model_runner.token_to_kv_pool, allocator.get_kvcache()]
        self.pools = sorted({id(p): p for p in reachable}.values(), key=_rank)
        self.primary = self.pools[0]

    @property
    def sliding(self) -> bool:
        return isinstance(self.primary, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        locations = self.primary.translate_loc_from_full_to_swa(loc) if self.sliding else loc
        return self.primary, locations
