"""Decode backend with a parametrised KV-pool lookup.

``_lookup_pool`` is specialised with ``functools.partialmethod`` into
``_active_swa_pool`` and ``_shared_swa_pool``; ``_resolve_swa_pool`` combines
them following the draft-worker rules of the speculative decoding workers.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_cache_dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.model_runner = model_runner
        self.kv_cache_dtype = kv_cache_dtype
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _lookup_pool(self, *, via_allocator: bool) -> Optional[SWAKVPool]:
        mr = self.model_runner
        pool = mr.token_to_kv_pool_allocator.get_kvcache() if via_allocator else mr.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    _active_swa_pool = functools.partialmethod(_lookup_pool, via_allocator=False)
    _shared_swa_pool = functools.partialmethod(_lookup_pool, via_allocator=True)

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        active = self._active_swa_pool()
        if active is not None:
            return active
        spec = self.model_runner.spec_algorithm
        if self.model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            return None
        return self._shared_swa_pool()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
