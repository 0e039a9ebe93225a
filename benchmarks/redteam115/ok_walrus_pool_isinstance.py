"""Decode backend for Gemma/Mistral-style interleaved sliding-window models.

The SWA view is taken from the KV pool this runner reads; the allocator is
only consulted for capacity reporting.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.kv: KVCache = (p := model_runner.token_to_kv_pool)
        self.swa: Optional[SWAKVPool] = p if isinstance(p, SWAKVPool) else None
        alloc = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode backend ready: swa=%s free_slots=%d max_bs=%d",
            self.swa is not None,
            alloc.available_size(),
            max_bs,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if (s := self.swa) is None:
            return self.kv, loc
        return s, s.translate_loc_from_full_to_swa(loc)
