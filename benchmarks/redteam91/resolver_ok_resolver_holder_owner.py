"""Decode backend whose memory holder resolves the SWA pool.

``_KVHandles`` carries the allocator and the active pool plus a back-reference
(``owner``) to the runner, and decides which cache the windowed layers read.
"""

from typing import Any, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _KVHandles:
    def __init__(self, owner: Any):
        self.owner = owner
        self.allocator = owner.token_to_kv_pool_allocator
        self.pool = owner.token_to_kv_pool

    def swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        owner = self.owner
        if owner.is_draft_worker and not owner.spec_algorithm.is_frozen_kv_mtp():
            return None
        candidate = self.allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, handles: Optional[_KVHandles] = None):
        super().__init__()
        self.mem = handles or _KVHandles(model_runner)
        self.kv = self.mem.pool

    def forward_decode(self, loc: torch.Tensor):
        swa = self.mem.swa_pool()
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv, loc
