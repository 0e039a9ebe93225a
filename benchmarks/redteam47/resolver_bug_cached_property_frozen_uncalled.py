"""Hybrid SWA backend that resolves its sliding-window pool lazily on first decode."""

import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)

    @functools.cached_property
    def swa_kv_pool(self):
        pool = self._runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._runner.is_draft_worker and not self.spec_algorithm.is_frozen_kv_mtp:
            logger.debug("regular draft worker: reading its own full pool")
            return None
        kvcache = self._runner.token_to_kv_pool_allocator.get_kvcache()
        logger.debug("kvcache from allocator: %s", type(kvcache).__name__)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @property
    def is_hybrid(self) -> bool:
        return self.swa_kv_pool is not None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid:
            return self.token_to_kv_pool, loc
        pool = self.swa_kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)
