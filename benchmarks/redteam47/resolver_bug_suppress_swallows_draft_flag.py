"""SWA backend tolerant of runners from older releases missing speculative fields."""

import contextlib
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_running_requests = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)

    def _is_regular_draft(self, mr) -> bool:
        regular = False
        with contextlib.suppress(AttributeError):
            regular = mr.is_draft and not mr.spec_algorithm.is_frozen_kv_mtp()
        return regular

    def _resolve_swa_pool(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if self._is_regular_draft(mr):
            return None
        kvcache = self._allocator.get_kvcache()
        logger.info("SWA pool from %s: %s", type(self._allocator).__name__, kvcache)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, batch_size: int) -> None:
        self._bs = min(batch_size, self.max_running_requests)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
