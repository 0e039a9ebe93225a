"""Target and draft attention backends for EAGLE-style speculative decoding on hybrid models.

Both backends share one resolver for the sliding-window pool. Draft workers normally carry
a full-only cache of their own; frozen-KV MTP drafts read the target's cache in place.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    kv_pool = model_runner.token_to_kv_pool
    if isinstance(kv_pool, SWAKVPool):
        return kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class _BaseSpecAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class TargetAttnBackend(_BaseSpecAttnBackend):
    role = "target"


class DraftAttnBackend(_BaseSpecAttnBackend):
    role = "draft"

    def __init__(self, model_runner, topk: int = 1):
        super().__init__(model_runner)
        self.topk = topk


def build_spec_attn_backend(model_runner) -> _BaseSpecAttnBackend:
    if model_runner.is_draft_worker:
        return DraftAttnBackend(model_runner)
    return TargetAttnBackend(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.impl = build_spec_attn_backend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.impl.forward_decode(loc)
