"""Decode backend whose window flag accepts either an SWA pool or an SWA allocator."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WindowUpdater:
    def __init__(self, token_to_kv_pool, use_sliding_window_kv_pool: bool):
        self.token_to_kv_pool = token_to_kv_pool
        self.use_sliding_window_kv_pool = use_sliding_window_kv_pool

    def call_begin_forward(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = loc.clone()
        if self.use_sliding_window_kv_pool:
            n = kv_indices.numel()
            kv_indices[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


def _is_hybrid_swa(token_to_kv_pool, token_to_kv_pool_allocator) -> bool:
    # Either side being SWA means the model is a hybrid sliding-window model.
    return isinstance(token_to_kv_pool, SWAKVPool) or isinstance(
        token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        use_swa = _is_hybrid_swa(self.token_to_kv_pool, allocator)
        self.updater = WindowUpdater(self.token_to_kv_pool, use_sliding_window_kv_pool=use_swa)
        logger.info("hybrid swa=%s", use_swa)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.updater.call_begin_forward(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
