"""Resolve the KV pool a sliding-window decode step attends over.

Resolution order:
  1. the runner's own pool, when it carries sliding-window buffers;
  2. for draft workers, the target's hybrid pool only under frozen-KV MTP,
     where the draft reads the target cache directly;
  3. for non-draft workers, the hybrid pool registered with the allocator.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _allocator_swa_pool(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        kvcache = allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_size: int = 4096):
        self.model_runner = model_runner
        self.window_size = window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if runner.is_draft_worker:
            if runner.spec_algorithm.is_frozen_kv_mtp():
                return _allocator_swa_pool(runner)
            return None
        return _allocator_swa_pool(runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
