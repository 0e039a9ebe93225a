"""SWA backend that probes the active pool for its full->SWA mapping."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _allocator_kvcache(self):
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        logger.debug("allocator kvcache: %s", type(kvcache).__name__)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _resolve_swa_pool(self):
        mr = self.model_runner
        try:
            if mr.token_to_kv_pool.full_to_swa_index_mapping is not None:
                return mr.token_to_kv_pool
            if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
                return None
        except AttributeError:
            # Pool without a mapping (or an old spec_algorithm): use the allocator's.
            return self._allocator_kvcache()
        return self._allocator_kvcache()

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.full_to_swa_index_mapping[loc]
