"""Dual-chunk flash attention backend with startup consistency checks."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self._check_layout()
        self.forward_indices: Optional[torch.Tensor] = None
        self.chunk_size = getattr(model_runner.model_config, "context_len", 64)

    def _check_layout(self):
        alloc_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if self.is_swa:
            # an SWA pool is only ever paired with an SWA allocator
            assert alloc_swa, f"SWAKVPool with {type(self.allocator).__name__} allocator"
        elif alloc_swa and not self.is_draft_worker:
            logger.warning(
                "SWA allocator but full-only pool on a target worker; "
                "sliding-window layers will read full KV"
            )

    def _chunk_bounds(self, n: int):
        return [(s, min(s + self.chunk_size, n)) for s in range(0, n, self.chunk_size)]

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.is_swa:
            self.forward_indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.forward_indices = loc
        self._bounds = self._chunk_bounds(loc.numel())

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_indices
