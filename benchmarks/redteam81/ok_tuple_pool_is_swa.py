"""Decode backend that keeps a ``(pool, is_swa)`` pair for its KV reads."""

from typing import NamedTuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVTarget(NamedTuple):
    pool: KVCache
    is_swa: bool

    @classmethod
    def of(cls, pool: KVCache) -> "KVTarget":
        return cls(pool, isinstance(pool, SWAKVPool))


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 0):
        self.max_context_len = max_context_len or getattr(
            model_runner.model_config, "context_len", 0
        )
        self.target = KVTarget.of(model_runner.token_to_kv_pool)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        pool, is_swa = self.target
        return pool.translate_loc_from_full_to_swa(loc) if is_swa else loc

    def forward_decode(self, loc: torch.Tensor):
        return self.target.pool, self._locations(loc)
