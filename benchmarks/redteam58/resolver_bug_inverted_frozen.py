"""Sliding-window decode backend that resolves the SWA pool it translates against."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA KV pool to translate against, or None for non-SWA models.

    Draft workers share the target allocator for token bookkeeping but own a separate
    KV pool; only a frozen-KV MTP draft reads the target's KV directly.
    """
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool

    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None

    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.max_context_len = getattr(model_runner, "model_config", None)
        self.kv_budget = allocator.size
        if self.swa_kv_pool is not None:
            self.kv_budget = min(self.kv_budget, allocator.size_swa)
        logger.debug(
            "decode backend: swa=%s kv_budget=%d",
            self.swa_kv_pool is not None,
            self.kv_budget,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
