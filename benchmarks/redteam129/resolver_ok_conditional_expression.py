"""Compact decode backend for hybrid SWA models (used by the CPU fallback path)."""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def swa_pool_of(model_runner) -> Optional[SWAKVPool]:
    own: KVCache = model_runner.token_to_kv_pool
    private_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    shared = None if private_draft else model_runner.token_to_kv_pool_allocator.get_kvcache()
    return own if isinstance(own, SWAKVPool) else shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, device: Optional[str] = None):
        self.device = device or model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool_of(model_runner)

    def _read_target(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool, kv_loc = self._read_target(loc)
        return pool, kv_loc
