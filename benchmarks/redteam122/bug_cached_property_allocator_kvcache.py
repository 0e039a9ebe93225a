"""Triton-style decode backend with cached KV pool handles.

The pool handle and the hybrid-SWA flag are resolved once and memoised with
``functools.cached_property`` so the hot decode path does not repeat isinstance checks.
"""

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    @functools.cached_property
    def kv_pool(self) -> KVCache:
        """The KV cache backing the allocator's indices."""
        pool = self.token_to_kv_pool_allocator.get_kvcache()
        logger.info("Decode backend bound to %s", type(pool).__name__)
        return pool

    @functools.cached_property
    def is_hybrid_swa(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._decode_locations(loc)
