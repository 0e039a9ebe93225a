"""Shared helper for locating the sliding-window KV pool of a model runner."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool for ``model_runner``.

    The runner's own pool wins. Draft workers that keep a separate cache stop
    there; frozen-KV MTP drafts read the target cache through the allocator.
    """
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 8192):
        self.max_context_len = max_context_len
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.per_layer_window = {}

    def register_layer(self, layer_id: int, sliding_window: int) -> None:
        self.per_layer_window[layer_id] = sliding_window

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
