"""Decode backend with a name-driven SWA resolver.

Memory handles are read through ``getattr`` with constant names (shared with
our fork's runner). The resolver reads the active pool first and only falls
back to the allocator's cache outside non-frozen draft workers.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache import swa_memory_pool

_POOL = "token_to_kv_pool"
_ALLOC = "token_to_kv_pool_allocator"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, eager: bool = True):
        super().__init__()
        self.owner = model_runner
        self.buffers = getattr(model_runner, _POOL)
        self.eager = eager
        self.swa_buffers = self._resolve()

    def _resolve(self) -> Optional[swa_memory_pool.SWAKVPool]:
        SWA = swa_memory_pool.SWAKVPool
        buffers = self.buffers
        if isinstance(buffers, SWA):
            return buffers
        is_draft = self.owner.is_draft_worker
        if is_draft and not self.owner.spec_algorithm.is_frozen_kv_mtp():
            return None
        mgr = getattr(self.owner, _ALLOC)
        kv = mgr.get_kvcache()
        return kv if isinstance(kv, SWA) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_buffers
        if swa is None:
            return self.buffers, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
