"""Pool selection for hybrid sliding-window attention.

STANDALONE speculative decoding loads an independent small model as the
draft, with its own memory layout, so it must not read the target's SWA
buffers. All other configurations use the allocator's cache.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_standalone_draft(model_runner) -> bool:
    return model_runner.is_draft_worker and model_runner.spec_algorithm.is_standalone()


def resolve_kv_pool(model_runner) -> KVCache:
    if _is_standalone_draft(model_runner):
        return model_runner.token_to_kv_pool
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


def as_swa_pool(pool: KVCache) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    """Decode backend; picks its pool once and caches the SWA view."""

    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.kv_pool = resolve_kv_pool(model_runner)
        self.swa_pool = as_swa_pool(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
