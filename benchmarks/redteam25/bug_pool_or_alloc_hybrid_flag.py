"""Torch-native style backend that serves hybrid SWA models from either pool view."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.page_size = getattr(model_runner, "page_size", 1)
        mc = model_runner.model_config
        self.scaling = getattr(mc, "head_dim", 64) ** -0.5
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        alloc_is_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        # Some launchers wrap the pool, so accept either signal.
        self.is_hybrid_swa = pool_is_swa or alloc_is_swa
        self.swa_pool: Optional[SWAKVPool] = None
        if self.is_hybrid_swa:
            self.swa_pool = self.token_to_kv_pool if pool_is_swa else allocator.get_kvcache()
        self.forward_metadata = None
        logger.debug("torch_native: pool_swa=%s alloc_swa=%s", pool_is_swa, alloc_is_swa)

    def _run_sdpa_forward_decode(self, pool, locations):
        # numerics elided on CPU; what matters here is which slots are gathered
        return pool, locations

    def init_forward_metadata(self, loc, mode="decode"):
        self.forward_metadata = {"mode": mode, "num_tokens": int(loc.numel())}

    def forward(self, loc, mode="decode", sliding_window_size=4096):
        self.init_forward_metadata(loc, mode)
        if self.is_hybrid_swa and sliding_window_size > -1:
            return self._run_sdpa_forward_decode(
                self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
            )
        return self._run_sdpa_forward_decode(self.token_to_kv_pool, loc)

    def forward_decode(self, loc):
        return self.forward(loc)
