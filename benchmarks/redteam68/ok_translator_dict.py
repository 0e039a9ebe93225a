"""Decode backend with a small dispatch table for KV slot indexing.

Two indexers are registered: an identity indexer for plain full-attention pools and
a sliding-window indexer that reads the pool's full->SWA mapping. The entry is picked
once from the pool the backend reads.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Indexer = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    FULL = "full"
    SWA = "swa"

    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = self.kv_pool
        self.indexers: Dict[str, Indexer] = {
            self.FULL: lambda loc: loc,
            self.SWA: lambda loc: pool.full_to_swa_index_mapping[loc],
        }
        self.mode = self.SWA if isinstance(pool, SWAKVPool) else self.FULL
        if verbose:
            logger.info(
                "kv indexer=%s, allocator=%s, free slots=%d",
                self.mode,
                type(self.allocator).__name__,
                self.allocator.available_size(),
            )

    def forward_decode(self, loc: torch.Tensor):
        indexer = self.indexers[self.mode]
        return self.kv_pool, indexer(loc)
