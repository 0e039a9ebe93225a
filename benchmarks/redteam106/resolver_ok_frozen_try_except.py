"""Sliding-window pool resolution tolerant of older speculative-algorithm enums.

Builds that predate frozen-KV MTP have no `is_frozen_kv_mtp`; on those every draft worker
owns a private cache.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _draft_shares_target_kv(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:
        logger.debug("spec algorithm has no frozen-KV MTP notion; assuming private draft KV")
        return False


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not _draft_shares_target_kv(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
