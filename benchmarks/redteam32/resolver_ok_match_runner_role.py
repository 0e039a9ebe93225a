"""Module-level SWA pool resolver rewritten as a match over the runner's role."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    role = (
        isinstance(active_pool, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )
    match role:
        case (True, _, _):
            return active_pool
        case (False, True, False):
            # regular draft: its own full-attention pool, nothing to translate
            return None
        case _:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        logger.debug("use_sliding_window_kv_pool=%s", self.use_sliding_window_kv_pool)

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        swa_loc: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
