"""Decode backend with configurable full->SWA index translation.

``SGLANG_SWA_TRANSLATE_MODE``:
  * ``pool``      - translate via the attention KV pool,
  * ``allocator`` - translate via the KV allocator (pre-0.5 behaviour),
  * ``auto``      - pick ``allocator`` when a hybrid SWA allocator is present.
"""

import logging
import os

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _translate_mode(allocator) -> str:
    mode = os.environ.get("SGLANG_SWA_TRANSLATE_MODE", "auto").strip().lower()
    if mode == "auto":
        mode = "allocator" if isinstance(allocator, SWATokenToKVPoolAllocator) else "pool"
    return mode


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.mode = _translate_mode(self.allocator)
        if self.mode == "allocator":
            self.kv_pool = self.allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.sliding = isinstance(self.kv_pool, SWAKVPool)
        logger.debug("swa translate mode=%s sliding=%s", self.mode, self.sliding)

    def forward_decode(self, loc: torch.Tensor):
        if not self.sliding:
            return self.kv_pool, loc
        if self.mode == "allocator":
            return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
