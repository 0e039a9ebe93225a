"""Decode backend assembled from a base backend and an SWA indexing mixin.

``SWAIndexMixin`` cooperates through ``super().__init__`` and adds the SWA
pool lookup and location translation on top of the base decode backend.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class BaseDecodeBackend:
    def __init__(self, model_runner, **kwargs):
        super().__init__(**kwargs)
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.req_to_token_pool.size
        self.kv_indices = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)

    def read_target(self, loc: torch.Tensor):
        return self.kv_pool, loc


class SWAIndexMixin:
    def __init__(self, model_runner, **kwargs):
        super().__init__(model_runner, **kwargs)
        self.swa_kv_pool = self._lookup_swa_pool(model_runner)

    @staticmethod
    def _lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if getattr(model_runner, "is_draft_worker", False):
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = getattr(allocator, "get_kvcache", lambda: None)()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def read_target(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return super().read_target(loc)
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SWAIndexMixin, BaseDecodeBackend):
    def forward_decode(self, loc: torch.Tensor):
        pool, kv_loc = self.read_target(loc)
        self.kv_indices[: kv_loc.numel()].copy_(kv_loc)
        logger.debug("decode read %d slots from %s", kv_loc.numel(), type(pool).__name__)
        return pool, self.kv_indices[: kv_loc.numel()].clone()
