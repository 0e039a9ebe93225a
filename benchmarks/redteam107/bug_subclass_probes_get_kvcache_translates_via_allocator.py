"""Base/subclass split for the torch-native decode backend.

``TorchNativeDecodeBase`` handles the plain MHA case. The sliding-window
subclass only overrides ``_decode_locations`` and the setup hook, so the two
stay in lock-step for everything else.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class TorchNativeDecodeBase:
    def __init__(self, model_runner):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self._post_init(model_runner)

    def _post_init(self, model_runner) -> None:
        """Hook for subclasses."""

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def _decode_pool(self) -> KVCache:
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self._decode_pool(), self._decode_locations(loc)


class GeneratedAttnBackend(TorchNativeDecodeBase):
    """Adds sliding-window index translation for hybrid models."""

    def _post_init(self, model_runner) -> None:
        self.window_enabled = isinstance(self.allocator.get_kvcache(), SWAKVPool)
        if self.window_enabled:
            logger.info("Sliding-window translation enabled for %s", type(self).__name__)

    def _decode_pool(self) -> KVCache:
        if self.window_enabled and isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        return super()._decode_pool()

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.window_enabled:
            return super()._decode_locations(loc)
        return self.allocator.translate_loc_from_full_to_swa(loc)
