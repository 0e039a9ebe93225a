"""Hybrid SWA pool resolution shared by the decode kernels.

Resolution order:
  1. the runner's own KV pool, when it is an ``SWAKVPool``;
  2. nothing, for draft workers that keep a private full-attention pool;
  3. the allocator's cache, for targets and FROZEN_KV_MTP drafts that attend over
     the target KV.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool

    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # EAGLE-style drafts own a full-only pool; the shared allocator's cache is
        # the target's and must not be read here.
        return None

    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self.swa_kv_pool is not None:
            logger.info("Sliding-window KV pool enabled for decode")

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
