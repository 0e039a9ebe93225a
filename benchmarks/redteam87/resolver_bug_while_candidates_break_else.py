"""Decode-only attention backend that probes candidate KV pools in a bounded loop.

The backend walks a short list of places a hybrid pool can live (the runner's own
pool first, then the pool registered with the token allocator) and stops at the
first sliding-window pool it finds.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_probe: int = 2):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_probe = max_probe
        self.swa_pool = self._find_swa_pool()

    def _candidates(self) -> List[KVCache]:
        return [self.token_to_kv_pool, self.allocator.get_kvcache()]

    def _find_swa_pool(self) -> Optional[SWAKVPool]:
        candidates = self._candidates()
        idx = 0
        found: Optional[SWAKVPool] = None
        while idx < min(self.max_probe, len(candidates)):
            cand = candidates[idx]
            if isinstance(cand, SWAKVPool):
                found = cand
                break
            idx += 1
        else:
            logger.debug("no hybrid pool among %d candidates", len(candidates))
        return found

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
