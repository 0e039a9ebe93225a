"""Two-level attention backend: a full-attention child and a sliding-window child.

Both children are constructed over the runner's KV pool; the wrapper decides
per step which one handles the decode, and forwards the call unchanged.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class FullAttentionBackend:
    def __init__(self, kv_pool, page_size: int):
        self.kv_pool = kv_pool
        self.page_size = page_size

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class SlidingWindowBackend(FullAttentionBackend):
    def __init__(self, kv_pool, page_size: int, window_size: int):
        super().__init__(kv_pool, page_size)
        self.window_size = window_size

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_size: int = 4096):
        kv_pool = model_runner.token_to_kv_pool
        page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_backend = FullAttentionBackend(kv_pool, page_size)
        self.window_backend: Optional[SlidingWindowBackend] = None
        if getattr(allocator, "full_to_swa_index_mapping", None) is not None:
            self.window_backend = SlidingWindowBackend(kv_pool, page_size, window_size)
        logger.debug("window child enabled: %s", self.window_backend is not None)

    def _select(self) -> FullAttentionBackend:
        return self.window_backend or self.full_backend

    def forward_decode(self, loc: torch.Tensor):
        return self._select().forward_decode(loc)
