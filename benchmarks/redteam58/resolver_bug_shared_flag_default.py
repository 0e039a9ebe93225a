"""Decode backend for hybrid sliding-window models, including speculative draft runners.

`resolve_swa_pool` returns the SWA pool whose index mapping applies to this runner's
reads. `allow_shared` says whether this runner may read the target's KV through the
shared allocator; when left unset it follows the speculative algorithm.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner, allow_shared: Optional[bool] = True) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if allow_shared is None:
        allow_shared = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
    if not allow_shared:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "swa_available_size"):
            logger.info(
                "swa allocator: full_free=%d swa_free=%d draft=%s",
                allocator.full_available_size(),
                allocator.swa_available_size(),
                model_runner.is_draft_worker,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
