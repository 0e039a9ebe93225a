"""Decode-time KV handles.

``KVHandles`` bundles the pool read by the decode kernels with the function
that maps request slots onto that pool.  It is derived from the runner by
``kv_handles_for`` and cached on the backend.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class KVHandles(NamedTuple):
    pool: KVCache
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]]
    swa_size: int

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.translate is None else self.translate(loc)


def kv_handles_for(model_runner) -> KVHandles:
    allocator = model_runner.token_to_kv_pool_allocator
    swa_size = int(getattr(allocator, "size_swa", 0) or 0)
    translate = allocator.translate_loc_from_full_to_swa if swa_size > 0 else None
    return KVHandles(
        pool=model_runner.token_to_kv_pool,
        translate=translate,
        swa_size=swa_size,
    )


class GeneratedAttnBackend:
    """Sliding-window aware decode backend built on ``KVHandles``."""

    def __init__(self, model_runner, handles: Optional[KVHandles] = None):
        self.handles = handles if handles is not None else kv_handles_for(model_runner)
        self.device = model_runner.device

    def swa_enabled(self) -> bool:
        return self.handles.translate is not None

    def forward_decode(self, loc: torch.Tensor):
        handles = self.handles
        if self.swa_enabled():
            pool = handles.pool
            return pool, handles.locations(loc)
        return handles.pool, loc
