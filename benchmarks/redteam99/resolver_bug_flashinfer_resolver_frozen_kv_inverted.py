"""FlashInfer backend SWA pool resolver, backported from sglang 0.5.13.

Kept as a standalone function so the FlashInfer and FlashInfer-MLA forks share it.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Find the SWA KV pool this runner's attention reads from.

    Frozen-KV MTP drafts have no KV of their own to read; everything else that is a draft
    falls through to the shared allocator's cache.
    """
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.full_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        logger.debug("flashinfer: swa_kv_pool=%s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.full_kv_pool, loc
