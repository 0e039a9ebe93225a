"""Lazy adapter resolving the decode KV source on first use.

Pool objects are created after attention backends in some runner code paths
(e.g. when memory is re-profiled), so the adapter defers the lookup until the
first forward and caches it.
"""

from __future__ import annotations

from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class LazyKVSource:
    def __init__(self, model_runner):
        self._runner = model_runner

    @cached_property
    def pool(self) -> KVCache:
        return self._runner.token_to_kv_pool

    @cached_property
    def swa(self) -> Optional[SWAKVPool]:
        pool = self.pool
        return pool if isinstance(pool, SWAKVPool) else None

    def locate(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, source_cls: type = LazyKVSource):
        self.source = source_cls(model_runner)
        self.device = model_runner.device

    def forward_decode(self, loc: torch.Tensor):
        return self.source.locate(loc)
