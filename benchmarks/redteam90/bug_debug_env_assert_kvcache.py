"""Decode backend with optional debug checks (``SGLANG_ATTN_DEBUG=1``).

The debug checks verify that the allocator and the runner share one cache
object; they are skipped in production to keep construction cheap.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_ATTN_DEBUG = os.environ.get("SGLANG_ATTN_DEBUG", "0").lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug: Optional[bool] = None):
        self.debug = _ATTN_DEBUG if debug is None else debug
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()

        if self.debug:
            assert kvcache is model_runner.token_to_kv_pool, (
                f"allocator cache {type(kvcache).__name__} != runner pool "
                f"{type(model_runner.token_to_kv_pool).__name__}"
            )
            logger.debug("allocator state: %s", allocator.debug_print())

        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.debug:
            assert swa_loc.shape == loc.shape
        return self.swa_kv_pool, swa_loc
