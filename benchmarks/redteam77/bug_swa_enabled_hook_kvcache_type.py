"""Sliding-window decode backend with an overridable ``_swa_enabled`` hook.

The base decides whether decode goes through the SWA ring by looking at the
type of the cache registered with the token allocator; subclasses only
customise how the read metadata is packed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowDecodeMetadata:
    kv_pool: object
    kv_loc: torch.Tensor
    is_swa: bool


class WindowDecodeBackendBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size

    def _swa_enabled(self) -> bool:
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        return isinstance(kvcache, SWAKVPool)

    def build_metadata(self, loc: torch.Tensor) -> WindowDecodeMetadata:
        if self._swa_enabled():
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return WindowDecodeMetadata(self.token_to_kv_pool, swa_loc, True)
        return WindowDecodeMetadata(self.token_to_kv_pool, loc, False)


class GeneratedAttnBackend(WindowDecodeBackendBase):
    """Decode backend for Gemma/Mistral-style interleaved window layers."""

    def forward_decode(self, loc: torch.Tensor):
        md = self.build_metadata(loc)
        logger.debug("decode: swa=%s n=%d", md.is_swa, md.kv_loc.numel())
        return md.kv_pool, md.kv_loc
