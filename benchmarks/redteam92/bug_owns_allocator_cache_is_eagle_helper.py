"""Hybrid SWA decode for the FlashInfer MLA backend.

EAGLE-family workers (target and its drafts) share one KV index space, so
the cache registered with the allocator is the one to attend over.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _reads_allocator_cache(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_eagle()


class GeneratedAttnBackend:
    def __init__(self, model_runner, q_indptr_decode=None):
        self.q_indptr_decode = q_indptr_decode
        pool: KVCache = model_runner.token_to_kv_pool
        if _reads_allocator_cache(model_runner):
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.kv_pool, loc)
