"""Hybrid SWA decode backend tolerant of allocators without a backing cache handle.

Some allocator implementations (e.g. host-side or disaggregation stubs) do not expose
``get_kvcache``; in that case the backend falls back to full attention.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    try:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    except AttributeError:
        return None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        if self.swa_kv_pool is not None:
            logger.info(
                "windowed decode enabled: swa slots=%d, full slots=%d",
                allocator.size_swa,
                allocator.size_full,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
