"""Attention backend mixin that resolves and validates the SWA KV pool.

The resolved pool is checked with assertions: it must be an ``SWAKVPool`` and,
for a regular draft worker, resolution must come back empty.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolMixin:
    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def _init_swa(self, model_runner) -> Optional[SWAKVPool]:
        swa_pool = self._resolve_swa_pool(model_runner)
        assert swa_pool is None or isinstance(swa_pool, SWAKVPool)
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            assert (
                swa_pool is None or swa_pool is model_runner.token_to_kv_pool
            ), "draft worker resolved a pool it does not own"
        return swa_pool


class GeneratedAttnBackend(SWAPoolMixin):
    def __init__(self, model_runner, enable_swa: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._init_swa(model_runner) if enable_swa else None
        logger.info("swa decode: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
