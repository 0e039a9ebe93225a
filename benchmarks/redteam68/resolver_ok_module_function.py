"""Shared SWA pool resolution for attention backends.

``resolve_swa_kv_pool`` is used by several backends to find the sliding-window pool
that matches the KV buffers a runner reads. ``init_forward_metadata`` then computes
the sliding-window slot indices once per step.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner, kv_pool: Optional[KVCache] = None) -> Optional[SWAKVPool]:
    pool = kv_pool if kv_pool is not None else model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    allocator = model_runner.token_to_kv_pool_allocator
    candidate = allocator.get_kvcache()
    if isinstance(candidate, SWAKVPool):
        return candidate
    return None


@dataclass
class ForwardMetadata:
    kv_pool: KVCache
    kv_loc: torch.Tensor


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_pool: Optional[KVCache] = None):
        super().__init__()
        self.kv_pool = kv_pool if kv_pool is not None else model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner, kv_pool=self.kv_pool)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        if self.swa_kv_pool is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            self.forward_metadata = ForwardMetadata(self.swa_kv_pool, swa_loc)
        else:
            self.forward_metadata = ForwardMetadata(self.kv_pool, loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.forward_metadata.kv_pool, self.forward_metadata.kv_loc
