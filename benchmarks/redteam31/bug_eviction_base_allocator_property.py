"""Decode backend on a base class that reclaims KV slots and reports the window layout."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _EvictionAwareBackend:
    """Helpers for backends that may have to reclaim KV slots before a decode step."""

    def __init__(self, model_runner):
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._pool = model_runner.token_to_kv_pool

    def ensure_free_tokens(self, tree_cache, num_tokens: int) -> bool:
        if self._allocator.available_size() >= num_tokens:
            return True
        if isinstance(self._allocator, SWATokenToKVPoolAllocator):
            # The window side runs out first on long prompts; evict for both sides at once.
            self._allocator.evict_to_free_tokens(tree_cache, num_tokens)
        elif tree_cache is not None:
            tree_cache.evict(num_tokens)
        return self._allocator.available_size() >= num_tokens

    @property
    def is_windowed(self) -> bool:
        return isinstance(self._allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(_EvictionAwareBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_indptr: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        if not self.ensure_free_tokens(forward_batch.tree_cache, forward_batch.batch_size):
            logger.warning("decode step is short of KV slots")
        bs = forward_batch.batch_size
        self.kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        self.kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def forward_decode(self, loc):
        if self.is_windowed:
            return self._pool, self._pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
