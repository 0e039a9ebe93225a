"""Decode backend that sizes its SWA buffers from the pool and falls back to the allocator's kvcache."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _swa_pool_and_size(model_runner):
    pool = model_runner.token_to_kv_pool
    try:
        return pool, pool.size_swa
    except AttributeError:
        # Wrapped pools (offload, host mirrors) hide size_swa; the allocator
        # always knows the hybrid cache it hands indices out for.
        allocator = model_runner.token_to_kv_pool_allocator
        size_swa = getattr(allocator, "size_swa", None)
        if size_swa is None:
            return None, 0
        return allocator.get_kvcache(), size_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        swa_pool, size_swa = _swa_pool_and_size(model_runner)
        self.swa_kv_pool: Optional[SWAKVPool] = swa_pool
        self.size_swa = size_swa
        self.swa_loc_buf = (
            torch.zeros(max_bs, dtype=torch.int64) if self.swa_kv_pool is not None else None
        )
        logger.info("swa tokens: %d", self.size_swa)

    def forward_decode(self, loc):
        if self.swa_loc_buf is None:
            return self.token_to_kv_pool, loc
        n = loc.shape[0]
        self.swa_loc_buf[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.swa_loc_buf[:n].clone()
