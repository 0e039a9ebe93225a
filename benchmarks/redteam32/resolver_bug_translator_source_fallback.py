"""Backend that resolves a full->SWA translator source: its pool, else the shared allocator."""

import logging
from typing import Optional, Protocol

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FullToSWATranslator(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._translator: Optional[FullToSWATranslator] = self._resolve_translator(model_runner)
        self.out_cache_loc: Optional[torch.Tensor] = None
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_translator(model_runner) -> Optional[FullToSWATranslator]:
        """Whatever object can map full-pool indices to SWA indices for this runner."""
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # SWATokenToKVPoolAllocator forwards translate_loc_from_full_to_swa to
        # the pool it was built over.
        if isinstance(allocator.get_kvcache(), SWAKVPool):
            return allocator
        return None

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self._translator is not None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc
        self.swa_out_cache_loc = (
            self._translator.translate_loc_from_full_to_swa(out_cache_loc)
            if self.use_sliding_window_kv_pool
            else None
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is None:
            return self.token_to_kv_pool, self.out_cache_loc
        return self.token_to_kv_pool, self.swa_out_cache_loc
