"""SWA pool resolution shared by the EAGLE draft and target attention backends."""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool this worker should read, or None for full-only workers."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        # frozen-KV MTP drafts keep their own cache
        return None
    candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return candidate if isinstance(candidate, SWAKVPool) else None


class EagleTargetBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, swa_loc
        return self.kv_pool, loc


class EagleDraftBackend(EagleTargetBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 1):
        super().__init__(model_runner)
        self.speculative_num_steps = speculative_num_steps


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.spec_algorithm.is_eagle() and model_runner.is_draft_worker:
            self.impl = EagleDraftBackend(model_runner)
        else:
            self.impl = EagleTargetBackend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.impl.forward_decode(loc)
