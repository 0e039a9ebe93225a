"""Attention backend that probes the KV pools it is allowed to read in a loop.

Draft workers that keep their own KV buffers only ever consider their own pool; every
other runner may fall back to the pool registered with the shared token allocator.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self._find_swa_pool()

    def _owns_kv_buffers(self) -> bool:
        runner = self.model_runner
        return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()

    def _candidates(self) -> List[KVCache]:
        cands = [self.token_to_kv_pool]
        if not self._owns_kv_buffers():
            cands.append(self.allocator.get_kvcache())
        return cands

    def _find_swa_pool(self) -> Optional[SWAKVPool]:
        candidates = self._candidates()
        i = 0
        while i < len(candidates):
            if isinstance(candidates[i], SWAKVPool):
                pool = candidates[i]
                break
            i += 1
        else:
            pool = None
            logger.debug("running full-attention-only decode (%d candidates)", len(candidates))
        return pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
