"""Decode backend that reports when a runner's KV differs from the shared cache.

EAGLE drafts share the target's allocator but keep their own KV buffers; the
startup log records both classes and the shared cache's window size so that
memory-accounting questions can be answered from logs alone.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()

        self.registered_cache_cls = type(registered).__name__
        self.registered_swa_tokens: Optional[int] = getattr(registered, "size_swa", None)
        self.owns_separate_kv = registered is not self.kv_pool
        if self.owns_separate_kv:
            logger.info(
                "runner reads %s; allocator registered %s (swa tokens=%s)",
                type(self.kv_pool).__name__,
                self.registered_cache_cls,
                self.registered_swa_tokens,
            )

        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
