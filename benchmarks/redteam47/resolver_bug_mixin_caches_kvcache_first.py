"""SWA decode backend assembled from a pool-resolution mixin."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolMixin:
    """Sets ``self.swa_kv_pool`` for backends that read a sliding-window pool."""

    swa_kv_pool = None

    def _init_swa_pool(self, model_runner) -> None:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.swa_kv_pool = pool
            return
        self._kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(self._kvcache, SWAKVPool):
            self.swa_kv_pool = self._kvcache
        spec = model_runner.spec_algorithm
        frozen = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
        if model_runner.is_draft_worker and not frozen:
            logger.debug("regular draft worker; kvcache=%s", type(self._kvcache).__name__)
            return
        logger.debug("using allocator kvcache %s", type(self._kvcache).__name__)

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SWAPoolMixin):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._init_swa_pool(model_runner)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._swa_loc(loc)
        return self.token_to_kv_pool, loc
