"""Decode backend hierarchy with a pluggable KV source.

``_StandaloneDecodeBackend`` targets single-runner deployments and reads the
allocator's cache by default; ``GeneratedAttnBackend`` is used inside model
runners and reads the runner's own KV cache instead.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StandaloneDecodeBackend:
    def __init__(self, model_runner) -> None:
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = self.kv_source()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def kv_source(self) -> KVCache:
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class _RunnerDecodeBackend(_StandaloneDecodeBackend):
    def kv_source(self) -> KVCache:
        return self.model_runner.token_to_kv_pool


class GeneratedAttnBackend(_RunnerDecodeBackend):
    """Runner-embedded hybrid SWA decode backend."""

    def __init__(self, model_runner, max_context_len: Optional[int] = None) -> None:
        super().__init__(model_runner)
        self.max_context_len = max_context_len
