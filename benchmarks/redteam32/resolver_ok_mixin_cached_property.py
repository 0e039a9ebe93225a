"""SWA pool resolution moved into a reusable mixin exposing a cached property."""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolMixin:
    """Expects ``self.model_runner``; shared by the decode and verify backends."""

    model_runner: object

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        runner = self.model_runner
        active_pool = runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    @property
    def has_swa(self) -> bool:
        return self.swa_kv_pool is not None


class GeneratedAttnBackend(SWAPoolMixin):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_wrappers = 2 if self.has_swa else 1

    def forward_decode(self, loc):
        if self.num_wrappers == 1:
            return self.token_to_kv_pool, loc
        swa_indices: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_indices
