"""Decode backend exposing the KV pools as read-only properties.

The sliding-window pool is resolved once from the runner and cached; ``kv_pool``
is always the runner's own pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self._runner = model_runner
        self._swa_pool = _UNSET

    @property
    def kv_pool(self):
        return self._runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool is _UNSET:
            self._swa_pool = self._lookup_swa_pool()
        return self._swa_pool

    def _lookup_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self._runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            logger.debug("attending over the target's hybrid KV cache")
            return cache
        return None

    @property
    def is_hybrid_swa(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
