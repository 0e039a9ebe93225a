"""Sliding-window KV resolution shared by the hybrid decode backends.

Frozen-KV MTP drafts never write KV, so they are given no sliding-window pool
of their own; every other runner resolves through its own pool first and then
through the cache registered with the allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(registered, SWAKVPool):
        return registered
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.debug("swa pool resolved: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
