"""Decode backend delegating KV index preparation to a ``KVIndexer`` helper."""

import logging
from typing import Optional, Union

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVIndexer:
    """Turns full-pool token locations into the locations attention kernels read."""

    def __init__(self, allocator, pool, max_tokens: int = 4096):
        self.pool = pool
        self._translator: Optional[Union[SWATokenToKVPoolAllocator, SWAKVPool]] = (
            allocator if isinstance(allocator, SWATokenToKVPoolAllocator) else None
        )
        self._index_buf = torch.empty(max_tokens, dtype=torch.int64)

    @property
    def translates(self) -> bool:
        return self._translator is not None

    def index(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        out = self._index_buf[:n]
        if self._translator is not None:
            out.copy_(self._translator.translate_loc_from_full_to_swa(loc))
        else:
            out.copy_(loc)
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indexer = KVIndexer(
            model_runner.token_to_kv_pool_allocator,
            self.token_to_kv_pool,
        )
        logger.info("KV indexer translating to SWA: %s", self.indexer.translates)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.indexer.index(loc)
