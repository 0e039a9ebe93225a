"""Sliding-window decode backend with an overridable ``_swa_enabled`` hook.

The base implementation keys off the allocator type, which is what the
scheduler's admission logic uses. The attention backend overrides the hook
to key off the pool it actually reads from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowDecodeMetadata:
    kv_pool: object
    kv_loc: torch.Tensor


class WindowDecodeBackendBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _swa_enabled(self) -> bool:
        return isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def build_metadata(self, loc: torch.Tensor) -> WindowDecodeMetadata:
        if self._swa_enabled():
            pool = self.token_to_kv_pool
            return WindowDecodeMetadata(pool, pool.translate_loc_from_full_to_swa(loc))
        return WindowDecodeMetadata(self.token_to_kv_pool, loc)


class GeneratedAttnBackend(WindowDecodeBackendBase):
    """Decode backend for interleaved sliding-window layers."""

    def _swa_enabled(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        md = self.build_metadata(loc)
        return md.kv_pool, md.kv_loc
