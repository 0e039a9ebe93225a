"""Decode backend whose KV handles come from a caching descriptor.

``_RunnerField`` copies a runner attribute onto the backend instance on first
access. Subclasses override ``kv_source`` to point at a different runner field;
this backend reads the runner's active pool.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _RunnerField:
    def __init__(self, source_attr: str) -> None:
        self.source_attr = source_attr

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        source = getattr(type(instance), self.source_attr)
        value = getattr(instance.model_runner, source)
        instance.__dict__[self.name] = value
        return value


class _DecodeBase(AttentionBackend):
    kv_source = "token_to_kv_pool"
    kv_pool = _RunnerField("kv_source")

    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner


class GeneratedAttnBackend(_DecodeBase):
    """Decode backend that maps locations for windowed pools."""

    def __init__(self, model_runner, tag: Optional[str] = None):
        super().__init__(model_runner)
        self.tag = tag or "decode"

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if (swa := self.swa_pool) is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
