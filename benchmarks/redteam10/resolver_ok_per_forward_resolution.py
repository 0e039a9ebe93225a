"""Resolver re-run on every forward (FROZEN_KV views swap the active pool)."""

from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ForwardMetadata:
    swa_pool: Optional[SWAKVPool]
    kv_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata = None

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        active = self.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if self.is_draft_worker and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        fallback = self.token_to_kv_pool_allocator.get_kvcache()
        return fallback if isinstance(fallback, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        swa = self._resolve_swa_kv_pool()
        kv_loc = swa.translate_loc_from_full_to_swa(loc) if swa is not None else loc
        self.forward_metadata = ForwardMetadata(swa_pool=swa, kv_loc=kv_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return (md.swa_pool or self.token_to_kv_pool), md.kv_loc
