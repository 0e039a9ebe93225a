"""KV pool resolution helpers for speculative workers.

Draft workers share the target's token allocator.  This module centralises the
logic for deciding which sliding-window pool a worker addresses.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _skip_shared_cache(runner) -> bool:
    return runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp()


def get_swa_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if _skip_shared_cache(runner):
        return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.own_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool(model_runner)
        logger.info(
            "draft=%s swa=%s steps=%d",
            model_runner.is_draft_worker,
            self.swa_pool is not None,
            speculative_num_steps,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.own_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
