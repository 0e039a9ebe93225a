"""Decode KV view with a small binding cache.

Resolving the window pool is cheap, but the decode path runs per layer per
step, so the result is cached. The cache key is the identity of the runner's
active KV pool plus the page size; when the runner swaps its pool (memory
saver resume, hot KV resize) the key changes and the binding is rebuilt.
"""

from typing import NamedTuple, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Binding(NamedTuple):
    key: Tuple[int, int]
    pool: KVCache
    swa_pool: Optional[SWAKVPool]


class GeneratedAttnBackend:
    def __init__(self, model_runner, cache_enabled: bool = True):
        self.model_runner = model_runner
        self.cache_enabled = cache_enabled
        self._binding: Optional[_Binding] = None
        self.cache_misses = 0

    def _current_key(self) -> Tuple[int, int]:
        return id(self.model_runner.token_to_kv_pool), int(self.model_runner.page_size)

    def invalidate(self) -> None:
        self._binding = None

    def _binding_for_step(self) -> _Binding:
        key = self._current_key()
        if self.cache_enabled and self._binding is not None and self._binding.key == key:
            return self._binding
        self.cache_misses += 1
        pool = self.model_runner.token_to_kv_pool
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self._binding = _Binding(key=key, pool=pool, swa_pool=swa_pool)
        return self._binding

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        binding = self._binding_for_step()
        if binding.swa_pool is not None:
            return binding.swa_pool, binding.swa_pool.translate_loc_from_full_to_swa(loc)
        return binding.pool, loc
