"""Sliding-window pool resolution for the hybrid decode backend.

The pool a runner reads is checked first. Frozen-KV MTP drafts keep their own
attention state and skip the window; otherwise the pool behind the shared
hybrid allocator is used.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    allocator = model_runner.token_to_kv_pool_allocator
    if not isinstance(allocator, SWATokenToKVPoolAllocator):
        return None
    shared = allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: Optional[int] = None):
        self.model_runner = model_runner
        self.num_layers = num_layers
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info(
            "decode backend: swa=%s draft=%s",
            self.swa_kv_pool is not None,
            model_runner.is_draft_worker,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
