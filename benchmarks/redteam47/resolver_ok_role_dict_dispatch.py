"""SWA backend that dispatches pool resolution on the worker's role."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.role = self._role(model_runner)
        resolvers = {
            "swa_owner": self._swa_from_active_pool,
            "target": self._swa_from_allocator,
            "frozen_kv_draft": self._swa_from_allocator,
            "draft": lambda: None,
        }
        self.swa_kv_pool = resolvers[self.role]()
        logger.info("role=%s swa_pool=%s", self.role, type(self.swa_kv_pool).__name__)

    @staticmethod
    def _role(mr) -> str:
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return "swa_owner"
        if not mr.is_draft_worker:
            return "target"
        is_frozen = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None)
        return "frozen_kv_draft" if is_frozen is not None and is_frozen() else "draft"

    def _swa_from_active_pool(self):
        return self.model_runner.token_to_kv_pool

    def _swa_from_allocator(self):
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.full_to_swa_index_mapping[loc]
