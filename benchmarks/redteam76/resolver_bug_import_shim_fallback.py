"""Version-compatible SWA pool resolution for the decode backend.

Newer releases ship ``sglang.srt.mem_cache.swa_pool_resolver``; on older ones we
fall back to the allocator-owned KV cache, which is what those releases used.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    try:
        from sglang.srt.mem_cache.swa_pool_resolver import resolve_swa_pool  # type: ignore
    except ImportError:
        logger.debug("swa_pool_resolver unavailable; using allocator kvcache")
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    return resolve_swa_pool(model_runner)


class GeneratedAttnBackend:
    """Decode backend for interleaved full / sliding-window attention layers."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

    @property
    def kv_pool(self):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
