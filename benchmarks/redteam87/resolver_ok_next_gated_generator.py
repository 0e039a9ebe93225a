"""Decode backend that resolves its SWA pool from a lazily evaluated list of sources.

Each source is a zero-argument callable so the allocator is never touched on
runners that keep private KV buffers.
"""

from typing import Callable, Iterator, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = next(
            (pool for pool in self._sources() if isinstance(pool, SWAKVPool)), None
        )

    def _private_draft_kv(self) -> bool:
        r = self.model_runner
        return r.is_draft_worker and not r.spec_algorithm.is_frozen_kv_mtp()

    def _sources(self) -> Iterator[KVCache]:
        getters: list[Callable[[], KVCache]] = [lambda: self.model_runner.token_to_kv_pool]
        if not self._private_draft_kv():
            getters.append(lambda: self.model_runner.token_to_kv_pool_allocator.get_kvcache())
        for get in getters:
            yield get()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
