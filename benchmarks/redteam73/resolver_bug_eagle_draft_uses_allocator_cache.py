"""Triton multi-step draft backend: SWA pool resolution.

Draft workers for EAGLE-family algorithms and frozen-KV MTP attend over the
sliding window that the target allocator maintains, so they resolve to the
allocator's hybrid cache; everything else uses its active pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and (spec.is_eagle() or spec.is_frozen_kv_mtp()):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    active_pool = model_runner.token_to_kv_pool
    return active_pool if isinstance(active_pool, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 1):
        super().__init__()
        self.device = model_runner.device
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.debug("triton draft backend: swa pool=%s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
