"""Triton-style decode backend that reads KV through a thin ``KVView``.

``KVView`` hides the difference between a plain MHA cache and a hybrid
full/sliding-window cache so kernel launch code only deals with one object.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVView:
    """Read-side view over the token-to-KV cache."""

    cache: KVCache

    @classmethod
    def from_allocator(cls, allocator: BaseTokenToKVPoolAllocator) -> "KVView":
        # The allocator owns the cache object it hands slots out for.
        return cls(cache=allocator.get_kvcache())

    @property
    def is_sliding_window(self) -> bool:
        return isinstance(self.cache, SWAKVPool)

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_sliding_window:
            return self.cache.translate_loc_from_full_to_swa(loc)
        return loc

    def describe(self) -> str:
        kind = "hybrid-swa" if self.is_sliding_window else "full"
        return f"KVView({type(self.cache).__name__}, {kind})"


class GeneratedAttnBackend:
    """Decode backend; all KV reads go through ``self.kv_view``."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.kv_view = KVView.from_allocator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_view.cache, self.kv_view.locations(loc)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(splits={self.num_kv_splits}, {self.kv_view.describe()})"
