"""AITER backend split into a shared base (pool plumbing) and a decode subclass."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _AiterBackendBase:
    """Pool plumbing shared by the AITER prefill and decode backends."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_kv_pool: Optional[SWAKVPool] = self._hybrid_pool(model_runner)

    @staticmethod
    def _hybrid_pool(model_runner) -> Optional[SWAKVPool]:
        # The allocator always holds the pool that registered the index
        # mapping, so ask it rather than each runner's pool attribute.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0


class GeneratedAttnBackend(_AiterBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.use_triton_unified_attention = self.use_sliding_window_kv_pool
        self.kv_cache_is_vectorized_5d = False
        self._swa_slot_mapping: Optional[torch.Tensor] = None

    def _slot_mapping(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return out_cache_loc
        # full_to_swa_index_mapping is stored as int64.
        return self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc).long()

    def forward_decode(self, loc):
        self._swa_slot_mapping = self._slot_mapping(loc)
        pool = self.swa_kv_pool if self.use_triton_unified_attention else self.token_to_kv_pool
        return pool, self._swa_slot_mapping
