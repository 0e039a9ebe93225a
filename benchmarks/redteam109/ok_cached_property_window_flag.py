"""Attention backend with lazily computed cache-layout facts.

Layout facts that never change for the lifetime of a worker are exposed as
``functools.cached_property`` so they are computed on first use (after the memory
pools have been fully initialised) and then reused for every step.
"""

import logging
from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        super().__init__()
        self.model_runner = model_runner
        self.kv_layout = kv_layout

    @cached_property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    @cached_property
    def allocator_summary(self) -> str:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return f"{type(allocator).__name__} page_size={self.model_runner.page_size}"

    @cached_property
    def has_sliding_window(self) -> bool:
        enabled = self.swa_pool is not None
        logger.info("sliding-window KV %s (%s)", enabled, self.allocator_summary)
        return enabled

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.has_sliding_window:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
