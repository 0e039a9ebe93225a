"""Decode backend for hybrid SWA models with paged KV.

Picks the (read pool, sliding-window pool) pair in one shot from the cache
the allocator is bound to, falling back to the runner's pool for
full-attention-only models.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.kv_layout = kv_layout
        self.page_size = model_runner.page_size
        c = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv, self.swa = (
            (c, c) if isinstance(c, SWAKVPool) else (model_runner.token_to_kv_pool, None)
        )
        self._pages = lambda t: t // self.page_size

    def page_ids(self, loc: torch.Tensor) -> torch.Tensor:
        return self._pages(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        s: Optional[SWAKVPool] = self.swa
        return self.kv, (s.translate_loc_from_full_to_swa(loc) if s is not None else loc)
