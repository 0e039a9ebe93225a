"""Helpers and decode backend for sliding-window attention under speculative decoding."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_owns_kv(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool backing this runner's attention reads."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if _draft_owns_kv(model_runner):
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(cache, SWAKVPool):
        return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.kv_layout = kv_layout
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        pool = self.kv_pool if self.swa_kv_pool is None else self.swa_kv_pool
        return pool, self._decode_locations(loc)
