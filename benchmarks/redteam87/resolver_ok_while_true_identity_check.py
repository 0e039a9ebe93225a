"""Decode backend that resolves the hybrid pool with a small state machine.

The allocator's registered pool is only accepted when it is the very object this
runner reads from, which keeps draft runners with private buffers on their own pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve()

    def _resolve(self) -> Optional[SWAKVPool]:
        state = "own"
        result: Optional[SWAKVPool] = None
        while True:
            if state == "own":
                if isinstance(self.kv_pool, SWAKVPool):
                    result = self.kv_pool
                    break
                state = "allocator"
            elif state == "allocator":
                kv = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
                if kv is self.kv_pool and isinstance(kv, SWAKVPool):
                    result = kv
                    break
                state = "done"
            else:
                logger.debug("no hybrid pool for this runner")
                break
        return result

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
