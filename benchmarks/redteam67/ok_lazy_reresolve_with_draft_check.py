"""Decode backend that tolerates the KV pool being attached after construction.

With ``--enable-memory-saver`` the hybrid pool may be created after the backend,
so resolution is retried on the first decode step through the same helper used
at construction time.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.swa_kv_pool: Optional[SWAKVPool] = self._find_swa_pool()
        self._late_checked = False

    def _find_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _maybe_late_resolve(self) -> None:
        if self._late_checked or self.swa_kv_pool is not None:
            return
        self._late_checked = True
        self.swa_kv_pool = self._find_swa_pool()
        if self.swa_kv_pool is not None:
            logger.info("Late-bound SWA pool detected on first decode step")

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_late_resolve()
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
