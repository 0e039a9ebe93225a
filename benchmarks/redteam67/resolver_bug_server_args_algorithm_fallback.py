"""Hybrid SWA pool resolution keyed on the configured speculative algorithm.

Reads the algorithm from ``server_args`` so the backend can be constructed
before the runner finalises ``spec_algorithm``. On older spec APIs without
``is_frozen_kv_mtp`` we keep the historical behaviour of attending over the
allocator's cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _draft_shares_target_kv(model_runner) -> bool:
    try:
        algo = model_runner.server_args.speculative_algorithm
        return bool(algo.is_frozen_kv_mtp())
    except AttributeError:
        logger.debug("spec API without is_frozen_kv_mtp; assuming shared KV")
        return True


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not _draft_shares_target_kv(model_runner):
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
