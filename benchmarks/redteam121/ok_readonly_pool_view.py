"""Read-only view over the runner's KV pool.

Attention kernels must never rebind pool attributes; the view exposes the
buffer getters and location translation only and raises on assignment.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ReadOnlyKVView:
    _ALLOWED = frozenset(
        {"get_key_buffer", "get_value_buffer", "get_kv_buffer", "translate_loc_from_full_to_swa"}
    )

    def __init__(self, pool: KVCache):
        object.__setattr__(self, "_pool", pool)

    def __setattr__(self, name, value):
        raise TypeError("ReadOnlyKVView does not support assignment")

    def __getattr__(self, name):
        if name not in self._ALLOWED:
            raise AttributeError(f"{name!r} is not exposed on ReadOnlyKVView")
        return getattr(self._pool, name)

    @property
    def underlying(self) -> KVCache:
        return self._pool

    @property
    def is_hybrid_swa(self) -> bool:
        return isinstance(self._pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, view_cls: type = ReadOnlyKVView):
        self.view = view_cls(model_runner.token_to_kv_pool)
        self.req_to_token = model_runner.req_to_token_pool

    def _select(self, loc: torch.Tensor) -> "tuple[KVCache, torch.Tensor]":
        if self.view.is_hybrid_swa:
            return self.view.underlying, self.view.translate_loc_from_full_to_swa(loc)
        return self.view.underlying, loc

    def forward_decode(self, loc: torch.Tensor):
        pool, locs = self._select(loc)
        return pool, locs
