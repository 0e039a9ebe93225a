"""SYCL backend whose SWA pool resolver copes with releases lacking FROZEN_KV MTP."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_target_kv(spec_algorithm) -> bool:
    try:
        return spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        # Releases before FROZEN_KV MTP: no draft reads the target's KV.
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find_swa_pool(model_runner)
        self.cached_loc: Optional[torch.Tensor] = None

    def _find_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if model_runner.is_draft_worker and not _reads_target_kv(model_runner.spec_algorithm):
            logger.debug("SYCL backend: draft worker with its own full KV pool")
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug("SYCL backend: looking up SWA pool on %s", type(allocator).__name__)
        kvcache = allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            return None
        return kvcache

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        self.cached_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.cached_loc
