"""SWA pool resolution for the cutlass MLA / FA3 hybrid decode kernels."""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _may_use_shared_cache(model_runner) -> bool:
    # Drafts only see the target cache when they run frozen-KV MTP.
    return not model_runner.is_draft_worker or not model_runner.spec_algorithm.is_frozen_kv_mtp()


def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if not _may_use_shared_cache(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_tma: bool = True):
        self.use_tma = use_tma
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
