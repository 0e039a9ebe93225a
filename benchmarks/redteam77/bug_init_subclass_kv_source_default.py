"""Backend family with per-subclass KV source configured at class creation.

Subclasses declare ``class Foo(WindowedBackendBase, kv_source=...)``; the
choice is stored on the class by ``__init_subclass__`` so instances do not
re-derive it on every step.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_KV_SOURCES = ("pool", "allocator")


class WindowedBackendBase(AttentionBackend):
    _kv_source: str = "pool"

    def __init_subclass__(cls, kv_source: str = "allocator", **kwargs):
        super().__init_subclass__(**kwargs)
        if kv_source not in _KV_SOURCES:
            raise ValueError(f"{cls.__name__}: kv_source must be one of {_KV_SOURCES}")
        cls._kv_source = kv_source

    def __init__(self, model_runner):
        super().__init__()
        if self._kv_source == "pool":
            self.kv_pool = model_runner.token_to_kv_pool
        else:
            self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.debug("%s reads KV from %s", type(self).__name__, self._kv_source)


class GeneratedAttnBackend(WindowedBackendBase):
    """Decode backend for hybrid SWA models."""

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
