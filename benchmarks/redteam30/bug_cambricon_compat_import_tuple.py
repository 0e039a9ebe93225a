"""Cambricon BANG attention backend, compatible with several sglang allocator layouts."""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

logger = logging.getLogger(__name__)

# The SWA allocator moved between releases; accept whichever is present.
_HYBRID_ALLOCATORS: Tuple[type, ...] = ()
try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

    _HYBRID_ALLOCATORS += (SWATokenToKVPoolAllocator,)
except ImportError:  # older layout
    try:
        from sglang.srt.mem_cache.swa_memory_pool import (  # type: ignore
            SWATokenToKVPoolAllocator,
        )

        _HYBRID_ALLOCATORS += (SWATokenToKVPoolAllocator,)
    except ImportError:
        pass


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.hybrid = bool(_HYBRID_ALLOCATORS) and isinstance(
            model_runner.token_to_kv_pool_allocator, _HYBRID_ALLOCATORS
        )
        self.swa_loc_buf: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.hybrid:
            self.swa_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if not self.hybrid:
            return self.token_to_kv_pool, loc
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
