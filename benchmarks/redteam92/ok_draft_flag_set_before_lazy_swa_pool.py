"""FlashAttention-3 backend with lazily resolved sliding-window pool.

The draft classification is fixed first thing in ``__init__`` so the lazy
SWA lookup (shared by CUDA-graph capture and eager decode) can rely on it.
"""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self._private_cache_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.model_runner = model_runner
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        logger.info("FA3 backend init: hybrid_swa=%s", self.swa_pool is not None)

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._private_cache_draft:
            return None
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
