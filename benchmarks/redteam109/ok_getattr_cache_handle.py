"""Decode backend that talks to KV memory through a single cache handle.

``KVCacheHandle`` forwards unknown attribute lookups to the KV pool with
``__getattr__`` so kernel-launch code can write ``handle.get_key_buffer(...)``
directly.  The token allocator travels with the handle for the few allocator
operations the backend needs (scratch slots, free-token counts), which are
exposed as explicit methods.
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

    def free_tokens(self) -> int:
        return int(self._allocator.available_size())

    def release(self, indices: torch.Tensor) -> None:
        self._allocator.free(indices)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)

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
