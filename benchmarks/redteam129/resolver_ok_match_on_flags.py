"""Decode backend using structural pattern matching to pick its KV source."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def pick_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    flags = (
        isinstance(active, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )
    match flags:
        case (True, _, _):
            return active
        case (False, True, False):
            return None
        case _:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_warps: int = 4):
        self.num_warps = num_warps
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = pick_swa_pool(model_runner)
        logger.debug("pick_swa_pool -> %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
