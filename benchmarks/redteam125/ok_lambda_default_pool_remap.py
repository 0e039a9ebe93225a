"""Paged decode backend for interleaved local/global attention models.

The sliding-window remap is bound once as a closure over the KV pool the
backend reads, so the decode hot path does no attribute lookups.
"""

import logging
from typing import Callable

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Remap = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.remap: Remap = (
            (lambda loc, _pool=self.kv_pool: _pool.translate_loc_from_full_to_swa(loc))
            if isinstance(self.kv_pool, SWAKVPool)
            else (lambda loc: loc)
        )
        # the allocator is only consulted for the startup capacity log line
        report = lambda _alloc=allocator: f"{type(_alloc).__name__}: {_alloc.available_size()} free"
        logger.info("window=%d, %s", sliding_window_size, report())

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.remap(loc)
