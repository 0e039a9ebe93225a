"""Decode backend mixin that works out which KV cache a runner attends over.

Standalone drafts carry an independent model and KV cache. EAGLE-family drafts
reuse the target's hidden states and token slots, so they resolve the hybrid pool
through the shared allocator.
"""

from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAPoolMixin:
    model_runner: object

    def _shares_target_kv(self) -> bool:
        mr = self.model_runner
        if not mr.is_draft_worker:
            return True
        algo = mr.spec_algorithm
        return algo.is_eagle() or algo.is_frozen_kv_mtp()

    @cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        own = self.model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not self._shares_target_kv():
            return None
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(_SWAPoolMixin):
    def __init__(self, model_runner, num_head: int = 32):
        self.model_runner = model_runner
        self.num_head = num_head

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
