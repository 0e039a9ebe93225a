"""Duck-typed hybrid detection for the decode-only backend.

The backend looks for the members a hybrid pool carries (window sub-pool and the
full->window index table) on the pool it was handed.
"""

from __future__ import annotations

import logging

import torch

logger = logging.getLogger(__name__)


def pool_has_window(pool) -> bool:
    return (
        hasattr(pool, "swa_kv_pool")
        and hasattr(pool, "full_to_swa_index_mapping")
        and callable(getattr(pool, "translate_loc_from_full_to_swa", None))
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        self.cache = model_runner.token_to_kv_pool
        self.hybrid = pool_has_window(self.cache)
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "size_swa"):
            logger.info("allocator budget: window=%d tokens", allocator.size_swa)
        logger.info("decode-only backend: hybrid=%s splits=%d", self.hybrid, kv_splits)

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.cache, loc
        return self.cache, self.cache.translate_loc_from_full_to_swa(loc)
