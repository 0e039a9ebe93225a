"""Abstract decode backend with a ``kv_pool`` property hook.

Concrete backends decide where their KV lives by overriding ``kv_pool``;
everything else (window detection, location remapping) is shared.
"""

from __future__ import annotations

import abc
from functools import cached_property
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class WindowedDecodeBackend(AttentionBackend, abc.ABC):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device

    @property
    @abc.abstractmethod
    def kv_pool(self) -> KVCache: ...

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def decode_target(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(WindowedDecodeBackend):
    """Reads the KV cache that belongs to this runner."""

    def __init__(self, model_runner, num_head_splits: int = 1):
        super().__init__(model_runner)
        self.num_head_splits = num_head_splits

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.decode_target(loc)
