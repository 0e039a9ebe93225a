"""Decode backend with optional debug checks (``SGLANG_ATTN_DEBUG=1``).

In debug mode the backend reports whether the allocator's cache is the pool
it reads (it is not for speculative draft workers). The pool selection itself
never depends on the allocator.
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
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

        if self.debug:
            allocator = model_runner.token_to_kv_pool_allocator
            shared = allocator.get_kvcache() is self.kv_pool
            logger.debug(
                "allocator cache shared with runner pool: %s; %s",
                shared,
                allocator.debug_print(),
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.debug:
            assert swa_loc.shape == loc.shape
        return self.swa_kv_pool, swa_loc
