"""Decode backend that inherits its SWA-pool resolution from an abstract mixin."""

import abc
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin(abc.ABC):
    """Resolves the SWA pool a backend translates against; subclasses say whose KV they read."""

    @abc.abstractmethod
    def _reads_shared_kv(self, model_runner) -> bool: ...

    def resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not self._reads_shared_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)
        self.kv_indptr = torch.zeros(1, dtype=torch.int32, device=self.device)

    def _reads_shared_kv(self, model_runner) -> bool:
        if model_runner.is_draft_worker:
            return model_runner.spec_algorithm.is_frozen_kv_mtp()
        return True

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        self.kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
