"""Torch-native SDPA backend; its repr names the KV objects it was built on."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.sliding = isinstance(self.token_to_kv_pool, SWAKVPool)
        self._last_indices: Optional[torch.Tensor] = None
        logger.debug("created %r", self)

    def __repr__(self) -> str:
        alloc = self._allocator
        alloc_kind = "swa" if isinstance(alloc, SWATokenToKVPoolAllocator) else "paged"
        extra = ""
        if alloc_kind == "swa":
            extra = f", swa_tokens={getattr(alloc, 'size_swa', '?')}"
        return (
            f"{type(self).__name__}(pool={type(self.token_to_kv_pool).__name__}, "
            f"allocator={alloc_kind}{extra}, draft={self.is_draft}, "
            f"sliding={self.sliding})"
        )

    def _scaled_dot_product(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.sliding:
            self._last_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self._last_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._last_indices
