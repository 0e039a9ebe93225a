"""Backend that inherits its SWA-pool resolution from a shared mixin."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Shared by the decode and verify backends of the same family."""

    def _init_swa_pool(self, model_runner) -> None:
        self._swa_kv_pool: Optional[SWAKVPool] = self._lookup_swa_pool(model_runner)

    @staticmethod
    def _reads_target_kv(model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return model_runner.spec_algorithm.is_frozen_kv_mtp()

    def _lookup_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not self._reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = int(getattr(model_runner, "page_size", 1) or 1)
        self._init_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._to_swa(loc)
        return self.token_to_kv_pool, loc
