"""Decode backend that reports the target's KV memory at startup and reads only its own pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _pool_mem_gb(pool) -> float:
    return float(getattr(pool, "mem_usage", 0.0) or 0.0)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_worker = model_runner.is_draft_worker
        if not self.is_draft_worker:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.info("KV cache %s: %.2f GB", type(kvcache).__name__, _pool_mem_gb(kvcache))
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: Optional[torch.Tensor]):
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
