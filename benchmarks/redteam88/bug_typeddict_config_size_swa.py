"""Decode backend configured through a ``TypedDict`` of KV cache facts.

The config is collected once from the memory subsystem and passed around rather
than re-querying the runner in hot paths.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple, TypedDict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class KVCacheFacts(TypedDict):
    full_tokens: int
    swa_tokens: Optional[int]
    page_size: int


def collect_kv_facts(model_runner) -> KVCacheFacts:
    allocator = model_runner.token_to_kv_pool_allocator
    return KVCacheFacts(
        full_tokens=int(getattr(allocator, "size_full", allocator.size)),
        swa_tokens=getattr(allocator, "size_swa", None),
        page_size=model_runner.page_size,
    )


class GeneratedAttnBackend:
    """Hybrid attention decode backend driven by :class:`KVCacheFacts`."""

    def __init__(self, model_runner, facts: Optional[KVCacheFacts] = None) -> None:
        self.facts: KVCacheFacts = facts or collect_kv_facts(model_runner)
        self.is_hybrid: bool = self.facts["swa_tokens"] is not None
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = (
            allocator.get_kvcache() if self.is_hybrid else model_runner.token_to_kv_pool
        )
        logger.debug("kv facts: %s", self.facts)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_hybrid:
            return self.kv_pool, loc
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc
