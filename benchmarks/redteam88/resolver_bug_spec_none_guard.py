"""Pool resolver for hybrid-SWA backends, with a speculative-decoding guard.

Non-speculative runners own their cache outright; speculative runners may need
the cache registered on the shared allocator.
"""

from __future__ import annotations

from typing import Final, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_NO_SWA: Final[None] = None


def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if model_runner.spec_algorithm.is_none():
        return _NO_SWA
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return _NO_SWA


class GeneratedAttnBackend:
    """Decode backend for Gemma/GPT-OSS style alternating window layers."""

    def __init__(self, model_runner, swa_pool: Optional[SWAKVPool] = None) -> None:
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = swa_pool or get_swa_pool(model_runner)

    def _read_target(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._read_target(loc)
