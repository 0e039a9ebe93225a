"""Decode backend that reports hybrid-allocator capacity at startup."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator

        self._window_free: Optional[Callable[[], int]] = None
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid SWA allocator: %d full / %d window tokens",
                alloc.size_full,
                alloc.size_swa,
            )
            self._window_free = alloc.swa_available_size

        self.use_sliding_window = isinstance(self.pool, SWAKVPool)
        self.forward_metadata = DecodeMetadata()

    def window_headroom(self) -> int:
        return -1 if self._window_free is None else self._window_free()

    def init_forward_metadata(self, forward_batch):
        metadata = DecodeMetadata(cache_seqlens=forward_batch.seq_lens.to(torch.int32))
        if self.use_sliding_window:
            metadata.swa_out_cache_loc = self.pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self.use_sliding_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
