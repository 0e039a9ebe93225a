"""Decode-side KV routing for hybrid sliding-window models.

The SWA pool is taken from the runner's active KV pool when it is hybrid. Some
runners are constructed with a plain pool wrapper while the shared allocator still
carries the hybrid cache, so we fall back to ``allocator.get_kvcache()`` in that
case (see the pool-sharing change for speculative workers).
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the hybrid SWA pool backing ``model_runner``, if any."""
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool

    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    if allocator is None:
        return None
    kvcache = allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        logger.debug("Using allocator-backed SWA pool for %s", type(active_pool).__name__)
        return kvcache
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

    def _decode_pool(self):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool
        return self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._decode_pool()
        if self.use_sliding_window_kv_pool:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
