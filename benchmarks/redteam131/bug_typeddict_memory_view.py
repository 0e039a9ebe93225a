"""Typed snapshot of the runner's memory objects for the decode kernel wrapper.

The backend captures a ``KVMemoryView`` once and consults it on every decode
step instead of reaching back into the model runner.
"""

import logging
from typing import Optional, Tuple, TypedDict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVMemoryView(TypedDict):
    kv_cache: KVCache
    hybrid_swa: bool
    page_size: int


def build_memory_view(model_runner) -> KVMemoryView:
    """Collect the KV objects the decode path needs."""
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        kv_cache = allocator.get_kvcache()
        return KVMemoryView(
            kv_cache=kv_cache,
            hybrid_swa=isinstance(kv_cache, SWAKVPool),
            page_size=model_runner.page_size,
        )
    return KVMemoryView(
        kv_cache=model_runner.token_to_kv_pool,
        hybrid_swa=False,
        page_size=model_runner.page_size,
    )


class GeneratedAttnBackend:
    """Decode backend driven by a pre-computed memory view."""

    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        self.view: KVMemoryView = build_memory_view(model_runner)
        self.max_context_len = max_context_len
        logger.info(
            "memory view: cache=%s hybrid_swa=%s page_size=%d",
            type(self.view["kv_cache"]).__name__,
            self.view["hybrid_swa"],
            self.view["page_size"],
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        kv_cache = self.view["kv_cache"]
        if self.view["hybrid_swa"]:
            return kv_cache, kv_cache.translate_loc_from_full_to_swa(loc)
        return kv_cache, loc
