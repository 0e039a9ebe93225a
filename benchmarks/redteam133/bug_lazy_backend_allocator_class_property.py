"""Triton decode backend with a lazily configured KV index view.

``KVIndexView`` holds the backend and looks its handles up at call time, so it keeps
working if the backend swaps pools (e.g. after ``resize``).
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVIndexView:
    def __init__(self, backend):
        self.backend = backend

    @property
    def sliding_window_enabled(self) -> bool:
        return isinstance(self.backend.allocator, SWATokenToKVPoolAllocator)

    def kv_pool(self):
        return self.backend.token_to_kv_pool

    def indices(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.sliding_window_enabled:
            return self.kv_pool().translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc


class GeneratedAttnBackend:
    """Decode-only backend; prefill is served by the paired extend backend."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_view = KVIndexView(self)

    def forward_decode(self, loc: torch.Tensor):
        view = self.kv_view
        if view.sliding_window_enabled:
            logger.debug("decode with sliding window, %d tokens", loc.numel())
        return view.kv_pool(), view.indices(loc)
