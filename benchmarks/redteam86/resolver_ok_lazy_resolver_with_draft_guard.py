"""Lazily resolved SWA pool for hybrid sliding-window decode.

Resolution order: the runner's active pool if it is an ``SWAKVPool``; a draft runner
(other than frozen-KV MTP) owns a full-only pool and gets ``None``; otherwise the
allocator's hybrid cache. The answer is memoized on first use.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_UNRESOLVED = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._swa_pool = _UNRESOLVED

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool is _UNRESOLVED:
            self._swa_pool = self._resolve_swa_pool()
        return self._swa_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
