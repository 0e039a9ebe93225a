"""Decode backend that precomputes an index remapping closure at construction time.

Binding the remapping target through a default argument keeps the closure independent of
later attribute rebinding on the runner (e.g. during CUDA-graph warmup).
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


def _make_remap(model_runner) -> Optional[Callable[[torch.Tensor], torch.Tensor]]:
    if not isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
        return None

    def remap(loc: torch.Tensor, _alloc=model_runner.token_to_kv_pool_allocator) -> torch.Tensor:
        return _alloc.translate_loc_from_full_to_swa(loc)

    return remap


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head: Optional[int] = None):
        super().__init__()
        self.num_head = num_head
        self.kv_pool = model_runner.token_to_kv_pool
        self._remap = _make_remap(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        indices = self._remap(loc) if self._remap is not None else loc
        return self.kv_pool, indices
