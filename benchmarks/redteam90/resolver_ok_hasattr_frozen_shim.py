"""SWA pool resolution with a shim for spec algorithms lacking frozen-KV MTP.

``SpeculativeAlgorithm.is_frozen_kv_mtp`` was added after EAGLE support; on
builds without it no draft shares the target's KV, so the draft keeps its
own pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _draft_shares_target_kv(spec_algorithm) -> bool:
    if not hasattr(spec_algorithm, "is_frozen_kv_mtp"):
        return False
    return bool(spec_algorithm.is_frozen_kv_mtp())


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not _draft_shares_target_kv(model_runner.spec_algorithm):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
