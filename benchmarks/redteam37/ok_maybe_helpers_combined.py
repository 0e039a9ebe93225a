"""Decode backend that combines two optional-returning lookups into its SWA pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _maybe_active(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    return None


def _maybe_shared(model_runner) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


@dataclass
class DecodeBuffers:
    max_bs: int
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        swa = _maybe_active(model_runner)
        if swa is None:
            swa = _maybe_shared(model_runner)
        self.swa_kv_pool = swa
        self.buffers = DecodeBuffers(
            max_bs=max_bs,
            cache_loc=torch.zeros(max_bs, dtype=torch.int64),
            swa_cache_loc=(torch.zeros(max_bs, dtype=torch.int64) if swa is not None else None),
        )

    def forward_decode(self, loc):
        n = loc.shape[0]
        self.buffers.cache_loc[:n] = loc
        if self.buffers.swa_cache_loc is None:
            return self.token_to_kv_pool, self.buffers.cache_loc[:n].clone()
        self.buffers.swa_cache_loc[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.buffers.swa_cache_loc[:n].clone()
