"""Decode backend that records why SWA handling was enabled or skipped.

The resolver returns ``(pool, reason)`` so the reason can be surfaced in the
server log and in ``get_server_info`` debugging output.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Tuple[Optional[SWAKVPool], str]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool, "active pool is hybrid SWA"
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None, "draft worker owns a full-attention pool"
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache, "shared allocator cache is hybrid SWA"
    return None, "no SWA pool"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool, self.swa_reason = resolve_swa_pool(model_runner)
        logger.info("SWA decode: %s (%s)", self.swa_pool is not None, self.swa_reason)
        self.kv_indices_buf = torch.zeros(256, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if self.swa_pool is None:
            self.kv_indices_buf[:n] = loc
            return self.kv_pool, self.kv_indices_buf[:n]
        self.kv_indices_buf[:n] = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.kv_indices_buf[:n]
