"""Decode backend that keeps a small registry of KV pools keyed by attention kind.

Pools are registered eagerly from the runner; a missing entry is filled lazily from the
allocator's cache the first time it is requested.
"""

import logging
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, attention_chunk_size: int = 0):
        self.model_runner = model_runner
        self.attention_chunk_size = attention_chunk_size
        pool = model_runner.token_to_kv_pool
        self._pools: Dict[str, KVCache] = {"full": pool}
        if isinstance(pool, SWAKVPool):
            self._pools["swa"] = pool

    def _pool_for(self, kind: str) -> KVCache:
        try:
            return self._pools[kind]
        except KeyError:
            candidate = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            if kind == "swa" and not isinstance(candidate, SWAKVPool):
                raise
            self._pools[kind] = candidate
            logger.info("Registered %s pool lazily: %s", kind, type(candidate).__name__)
            return candidate

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        try:
            swa_pool = self._pool_for("swa")
        except KeyError:
            return self._pools["full"], loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
