"""SWA pool resolution for speculative-decoding aware hybrid backends.

Frozen-KV MTP drafts reuse the target's cache without a pool of their own;
the resolver below handles that case and then falls back to the cache owned
by the shared allocator. Per-layer windows come from the constructor.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_windows: Optional[List[int]] = None):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.layer_windows = layer_windows or [256, 256, 256, 0] * 6
        self.current_layer = 0
        logger.debug("resolved swa pool: %s", type(self.swa_kv_pool).__name__)

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_windows[layer_id] > 0

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None and self.is_swa_layer(self.current_layer):
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
