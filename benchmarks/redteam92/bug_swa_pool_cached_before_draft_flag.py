"""FlashAttention-3 backend with local/sliding-window decode metadata.

The SWA pool is exposed as a lazily computed property so that CUDA-graph
capture and the regular decode path share one lookup.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.model_runner = model_runner
        self._swa_pool_cache: Optional[SWAKVPool] = None
        self._swa_pool_ready = False

        logger.info("FA3 backend init: hybrid_swa=%s", self.swa_pool is not None)

        self._is_plain_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if not self._swa_pool_ready:
            pool = self.model_runner.token_to_kv_pool
            if not isinstance(pool, SWAKVPool) and not getattr(self, "_is_plain_draft", False):
                pool = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool_cache = pool if isinstance(pool, SWAKVPool) else None
            self._swa_pool_ready = True
        return self._swa_pool_cache

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
