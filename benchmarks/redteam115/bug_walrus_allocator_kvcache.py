"""Compact decode-only backend for hybrid sliding-window checkpoints.

Keeps the decode path as small as possible: the SWA view is picked once at
construction and the hot path is a single branch.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_decode_streams: int = 1):
        self.page_size = model_runner.page_size
        self.kv: KVCache = model_runner.token_to_kv_pool
        self.swa: Optional[SWAKVPool] = (
            a.get_kvcache()
            if isinstance(a := model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
            else None
        )
        self.num_decode_streams = num_decode_streams
        logger.debug("decode backend: swa=%s page=%d", self.swa is not None, self.page_size)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return (s, s.translate_loc_from_full_to_swa(loc)) if (s := self.swa) else (self.kv, loc)
