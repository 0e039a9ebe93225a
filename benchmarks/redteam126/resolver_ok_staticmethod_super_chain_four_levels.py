"""Four-level decode backend hierarchy for hybrid SWA speculative models.

``_BackendRoot`` stores runner members, ``_SWAResolved`` resolves the hybrid
pool once and passes it up via ``super().__init__``, ``_SpecDecodeBackend``
adds speculative bookkeeping, and the leaf implements ``forward_decode``.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _BackendRoot:
    def __init__(self, kv_pool: KVCache, swa_pool: Optional[SWAKVPool], device) -> None:
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool
        self.device = device


class _SWAResolved(_BackendRoot):
    def __init__(self, model_runner) -> None:
        super().__init__(
            model_runner.token_to_kv_pool,
            self._pick_swa_pool(model_runner),
            model_runner.device,
        )

    @staticmethod
    def _pick_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class _SpecDecodeBackend(_SWAResolved):
    def __init__(self, model_runner, num_draft_tokens: int = 1) -> None:
        super().__init__(model_runner)
        self.is_draft = model_runner.is_draft_worker
        self.num_draft_tokens = num_draft_tokens


class GeneratedAttnBackend(_SpecDecodeBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
