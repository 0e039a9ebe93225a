"""Decode backend for hybrid sliding-window models, usable by target and draft runners."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _RunnerFacts:
    is_draft: bool
    frozen_kv: bool
    own_pool_is_swa: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.facts = _RunnerFacts(
            is_draft=bool(model_runner.is_draft_worker),
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
            own_pool_is_swa=isinstance(self.kv_pool, SWAKVPool),
        )
        self.swa_pool = self._resolve()

    def _resolve(self) -> Optional[SWAKVPool]:
        f = self.facts
        if f.own_pool_is_swa:
            return self.kv_pool
        if all((f.is_draft, not f.frozen_kv)):
            return None
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if any(isinstance(p, SWAKVPool) for p in (shared,)) else None

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
