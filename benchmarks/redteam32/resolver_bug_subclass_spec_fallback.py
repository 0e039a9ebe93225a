"""Speculative-decoding backend subclass that extends the base SWA pool resolver."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_DecodeBackendBase):
    """Multi-step draft decode: the steps share the target's page tables."""

    def __init__(self, model_runner):
        self.speculative_num_steps = 1
        super().__init__(model_runner)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = super()._resolve_swa_kv_pool(model_runner)
        if pool is None and model_runner.spec_algorithm.is_speculative():
            # draft steps index the same page tables as the target
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        return pool

    def forward_decode(self, loc):
        pool, indices = super().forward_decode(loc)
        out: torch.Tensor = indices.clone()
        return pool, out
