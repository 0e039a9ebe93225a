"""Attention backend layered on a shared KV-dump base class.

``SharedCacheBackend`` is also used by the KV offload inspector, which wants
the cache the allocator was built against. The decode backend overrides the
hook and binds to the runner's own ``token_to_kv_pool`` instead, keeping the
inspector's resolution only for diagnostics.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SharedCacheBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool: KVCache = self._kv_pool_for(model_runner)

    def _kv_pool_for(self, model_runner) -> KVCache:
        return model_runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend(SharedCacheBackend):
    """Sliding-window aware decode backend."""

    def _kv_pool_for(self, model_runner) -> KVCache:
        shared = super()._kv_pool_for(model_runner)
        own = model_runner.token_to_kv_pool
        if shared is not own:
            logger.debug(
                "runner pool %s differs from allocator cache %s",
                type(own).__name__,
                type(shared).__name__,
            )
        return own

    def _swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_pool()
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
