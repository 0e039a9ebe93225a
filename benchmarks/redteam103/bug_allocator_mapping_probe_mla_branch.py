"""Decode backend for hybrid attention models with optional MLA layers.

MLA pools are read with full-attention locations. For MHA-style pools the
backend translates to sliding-window slots when a full -> swa mapping is
maintained for this worker.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MLATokenToKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = False):
        self.enable_logging = enable_logging
        self.page_size = model_runner.page_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_mla = isinstance(self.token_to_kv_pool, MLATokenToKVPool)
        self.has_swa_mapping = (
            getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None) is not None
        )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_mla:
            return self.token_to_kv_pool, loc
        if self.has_swa_mapping:
            if self.enable_logging:
                logger.debug("translating %d decode locations", loc.numel())
            return self.token_to_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
