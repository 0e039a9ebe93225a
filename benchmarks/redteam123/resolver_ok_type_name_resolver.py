"""Hybrid window pool lookup that avoids importing the hybrid pool module.

Class names are compared instead of classes. The worker's own pool wins; a draft
worker that owns its KV never borrows the target's cache, while frozen-KV MTP
drafts (which write no KV) read the one registered with the shared allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_HYBRID_POOL_CLASS_NAMES = ("SWAKVPool",)


def _is_hybrid_pool(obj) -> bool:
    return obj is not None and type(obj).__name__ in _HYBRID_POOL_CLASS_NAMES


def get_swa_kv_pool(model_runner) -> Optional[object]:
    pool = model_runner.token_to_kv_pool
    if _is_hybrid_pool(pool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if _is_hybrid_pool(shared) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
