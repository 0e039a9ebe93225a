"""KV-source dispatch driven by a per-class ``KV_SOURCE`` attribute.

``KVSourceBackendBase`` picks the cache for a runner from ``KV_SOURCE``:
``"pool"`` reads ``token_to_kv_pool`` directly, ``"allocator"`` asks the
allocator for the cache it manages. Concrete backends pick the source.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVSourceBackendBase(AttentionBackend):
    KV_SOURCE: ClassVar[str] = "pool"

    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_cache = self._kv_pool_for(model_runner)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )

    def _kv_pool_for(self, model_runner) -> KVCache:
        if self.KV_SOURCE == "pool":
            return model_runner.token_to_kv_pool
        if self.KV_SOURCE == "allocator":
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        raise ValueError(f"unknown KV_SOURCE {self.KV_SOURCE!r}")

    def forward_decode(self, loc: torch.Tensor):
        raise NotImplementedError


class GeneratedAttnBackend(KVSourceBackendBase):
    """Sliding-window decode backend for hybrid-attention checkpoints."""

    # Hybrid layouts register the cache with the allocator; read it there so
    # that the full->SWA mapping is always the one the allocator maintains.
    KV_SOURCE = "allocator"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
