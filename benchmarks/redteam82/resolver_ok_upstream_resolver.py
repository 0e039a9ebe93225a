"""Port of the upstream SWA pool resolver into the Ascend decode backend."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the hybrid SWA pool this runner should read from, if any."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_graph_mode: bool = False):
        self.enable_graph_mode = enable_graph_mode
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        if self.swa_pool is not None:
            logger.info("Ascend backend using hybrid SWA pool %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
