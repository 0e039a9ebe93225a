"""Compact SWA backend: the pool choice folds into one conditional expression."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode-only backend for hybrid sliding-window models."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self._resolve(model_runner)
        logger.debug("allocator=%s swa_pool=%s", type(self.allocator).__name__, self.swa_pool)

    def _resolve(self, mr):
        pool = mr.token_to_kv_pool
        spec = mr.spec_algorithm
        is_draft = bool(getattr(mr, "is_draft_worker", False))
        frozen = bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)())
        fetch = self.allocator.get_kvcache
        # Own pool if SWA; else the allocator's kvcache unless we are a regular draft.
        return (
            (isinstance(pool, SWAKVPool) and pool)
            or ((not is_draft or frozen) and isinstance(fetch(), SWAKVPool) and fetch())
            or None
        )

    def get_num_kv_splits(self, seq_len: int) -> int:
        return max(1, min(8, seq_len // 256))

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.full_to_swa_index_mapping[loc]
