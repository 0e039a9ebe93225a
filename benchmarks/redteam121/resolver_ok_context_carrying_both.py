"""Backend memory context that carries both the pool and the allocator.

Several backends need the allocator (for page bookkeeping) and the pool (for
buffer reads). ``KVMemoryContext`` keeps them together and owns the logic for
picking the hybrid sliding-window pool, including the shared-allocator case of
speculative draft workers.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVMemoryContext:
    def __init__(self, model_runner):
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self._is_draft = bool(model_runner.is_draft_worker)
        self._spec = model_runner.spec_algorithm

    def _shares_target_cache(self) -> bool:
        # Frozen-KV MTP drafts read the target's cache through the shared allocator.
        return not self._is_draft or self._spec.is_frozen_kv_mtp()

    def resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if not self._shares_target_cache():
            return None
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, ctx_cls: type = KVMemoryContext):
        self.mem = ctx_cls(model_runner)
        self.swa_pool = self.mem.resolve_swa_pool()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.mem.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
