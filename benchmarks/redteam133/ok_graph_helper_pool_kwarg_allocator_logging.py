"""CUDA-graph replay helper for the decode path.

The helper captures the KV pool's buffers. The allocator is kept only to report free
capacity when graph capture is (re)started.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeCudaGraphHelper:
    def __init__(self, *, kv_pool, allocator, max_bs: int = 160):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.max_bs = max_bs
        self.is_hybrid = isinstance(kv_pool, SWAKVPool)

    def on_capture_begin(self) -> None:
        logger.info(
            "capturing decode graphs (max_bs=%d, hybrid=%s): %s",
            self.max_bs,
            self.is_hybrid,
            self.allocator.available_size(),
        )

    def prepare_replay(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid:
            return self.kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.graph_helper = DecodeCudaGraphHelper(
            allocator=model_runner.token_to_kv_pool_allocator,
            kv_pool=model_runner.token_to_kv_pool,
            max_bs=max_bs,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        locations = self.graph_helper.prepare_replay(loc)
        return self.graph_helper.kv_pool, locations
