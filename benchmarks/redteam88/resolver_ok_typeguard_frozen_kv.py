"""SWA pool resolution with ``TypeGuard`` predicates for speculative runners.

Order: the runner's active pool; drafts that own their cache stop there; other
runners (target, frozen-KV MTP drafts) may fall back to the shared allocator's
cache.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, Tuple, TypeGuard

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


def is_window_pool(x: object) -> TypeGuard[SWAKVPool]:
    return isinstance(x, SWAKVPool)


def owns_separate_kv(model_runner: "ModelRunner") -> bool:
    return bool(model_runner.is_draft_worker) and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def resolve_swa_kv_pool(model_runner: "ModelRunner") -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if is_window_pool(active):
        return active
    if owns_separate_kv(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if is_window_pool(shared) else None


class GeneratedAttnBackend:
    """Decode backend aware of hybrid SWA caches and speculative drafts."""

    def __init__(self, model_runner: "ModelRunner", is_draft: Optional[bool] = None) -> None:
        self.is_draft = model_runner.is_draft_worker if is_draft is None else is_draft
        self.kv_pool: "KVCache" = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.debug("draft=%s swa=%s", self.is_draft, self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple["KVCache", torch.Tensor]:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
