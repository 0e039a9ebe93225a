"""SWA pool resolution with a graceful fallback.

The pool-side probe checks whether the active KV pool carries a registered
full->SWA mapping. Pools predating the mapping attribute fall back to the
previous resolution strategy (the allocator's KV cache).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.model_runner = model_runner
        self.strict = strict
        self._swa_pool = self._resolve()

    def _resolve_from_active_pool(self) -> Optional[SWAKVPool]:
        active = self.model_runner.token_to_kv_pool
        if active.full_to_swa_index_mapping is None:
            return None
        return active

    def _resolve_legacy(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _resolve(self) -> Optional[SWAKVPool]:
        try:
            return self._resolve_from_active_pool()
        except AttributeError:
            if self.strict:
                raise
            return self._resolve_legacy()

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
