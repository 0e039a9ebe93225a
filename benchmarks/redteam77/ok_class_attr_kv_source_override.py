"""KV-source dispatch driven by a per-class ``KV_SOURCE`` attribute.

The base class defaults to the allocator-managed cache, which is what the
offline KV-dump tooling wants. Attention backends override ``KV_SOURCE`` to
read the pool bound to their own model runner.
"""

from __future__ import annotations

from typing import ClassVar, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVSourceMixinBase(AttentionBackend):
    KV_SOURCE: ClassVar[str] = "allocator"

    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_cache = self._kv_pool_for(model_runner)

    def _kv_pool_for(self, model_runner) -> KVCache:
        source = self.KV_SOURCE
        if source == "pool":
            return model_runner.token_to_kv_pool
        if source == "allocator":
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        raise ValueError(f"unknown KV_SOURCE {source!r}")

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        return self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        raise NotImplementedError


class GeneratedAttnBackend(KVSourceMixinBase):
    """Sliding-window decode backend for hybrid-attention checkpoints."""

    KV_SOURCE = "pool"

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.kv_cache, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
