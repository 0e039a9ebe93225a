"""Hybrid sliding-window decode backend shared by target and draft workers.

The SWA pool is resolved once at construction: the runner's own pool when it
is hybrid, otherwise the cache registered with the shared allocator. The
allocator is also consulted for capacity bookkeeping in ``headroom()``.
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
    if model_runner.spec_algorithm.is_none():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_pages: int = 2):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.reserve_tokens = reserve_pages * model_runner.page_size
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        self.kv_pool = self.swa_pool or model_runner.token_to_kv_pool
        logger.debug(
            "attn backend: draft=%s swa=%s free=%d",
            model_runner.is_draft_worker,
            self.swa_pool is not None,
            self.allocator.available_size(),
        )

    def headroom(self) -> int:
        return max(0, self.allocator.available_size() - self.reserve_tokens)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
