"""Decode backend that talks to KV memory through a single cache handle.

``KVCacheHandle`` hides the split between the token allocator and the KV pool
from the kernel-launch code: attribute lookups are forwarded with ``__getattr__``
to whichever of the two objects provides them, so callers can write
``handle.translate_loc_from_full_to_swa(...)`` or ``handle.get_key_buffer(...)``
without caring which side implements it.
"""

from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class KVCacheHandle:
    __slots__ = ("_allocator", "_pool")

    def __init__(self, allocator: Any, pool: Any):
        object.__setattr__(self, "_allocator", allocator)
        object.__setattr__(self, "_pool", pool)

    @property
    def pool(self) -> Any:
        return self._pool

    def __getattr__(self, name: str) -> Any:
        for owner in (self._allocator, self._pool):
            if hasattr(owner, name):
                return getattr(owner, name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def supports(self, name: str) -> bool:
        try:
            getattr(self, name)
        except AttributeError:
            return False
        return True


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, v_head_dim: int = 128):
        super().__init__()
        self.cache = KVCacheHandle(
            model_runner.token_to_kv_pool_allocator, model_runner.token_to_kv_pool
        )
        self.v_head_dim = v_head_dim

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.cache.supports("translate_loc_from_full_to_swa"):
            loc = self.cache.translate_loc_from_full_to_swa(loc)
        return self.cache.pool, loc
