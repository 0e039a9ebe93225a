"""Decode backend whose sliding-window pool is resolved by a chain of early returns.

Each exit is logged at debug level so `--log-level debug` shows which branch a worker took.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner, *, tag: str = "") -> Optional[SWAKVPool]:
    active: KVCache = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        logger.debug("%s: active pool is SWA", tag)
        return active

    if model_runner.spec_algorithm.is_none():
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        logger.debug("%s: non-speculative worker, allocator pool %s", tag, type(kvcache).__name__)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    if not model_runner.is_draft_worker:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    if not model_runner.spec_algorithm.is_frozen_kv_mtp():
        logger.debug("%s: draft owns a full-only cache", tag)
        return None

    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        tag = "draft" if model_runner.is_draft_worker else "target"
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner, tag=tag)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
