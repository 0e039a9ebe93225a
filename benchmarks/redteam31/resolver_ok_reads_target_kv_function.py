"""Decode backend with module-level helpers deciding whose KV a runner reads and which SWA pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def reads_target_kv(model_runner) -> bool:
    """Whether this runner attends over the KV held by its allocator's pool."""
    if not model_runner.is_draft_worker:
        return True
    # FROZEN_KV MTP drafts attend over the target's cache directly.
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if not reads_target_kv(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s: reads_target_kv=%s swa=%s free=%d",
            type(allocator).__name__,
            reads_target_kv(model_runner),
            self.swa_pool is not None,
            allocator.available_size(),
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        if self.swa_pool is not None:
            self.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
