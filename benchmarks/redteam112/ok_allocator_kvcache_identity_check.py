"""Wave decode backend: enable SWA indexing when the runner owns the hybrid pool.

The allocator's backing cache and the runner's pool coincide on the target
worker. Draft workers that keep a separate pool fall back to full indexing.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_splits: int = 4):
        self.num_splits = num_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        owns_backing = backing is self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool
            if owns_backing and isinstance(self.token_to_kv_pool, SWAKVPool)
            else None
        )

    @property
    def use_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_swa:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
