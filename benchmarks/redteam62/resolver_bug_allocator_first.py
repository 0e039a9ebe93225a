"""Decode backend that resolves the sliding-window pool to translate against, looking
at the shared cache first and then at the runner's own pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWAKVPool for this runner, or None for full-attention caches."""
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    if getattr(model_runner, "is_draft_worker", False):
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    """Decode with SWA translation when a sliding-window pool is resolved."""

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        logger.debug("swa pool: %s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_loc = loc
