"""Common base for the full-attention and sliding-window decode backends.

The SWA pool is resolved lazily through a cached property on the base class, so subclasses
that never touch windowed layers never pay for the lookup. The resolution follows the
runner's active cache first and only consults the allocator for frozen-KV MTP drafts and
non-draft workers.
"""

from __future__ import annotations

from functools import cached_property
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridDecodeBase(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool

    @cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class FullDecodeBackend(_HybridDecodeBase):
    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class SlidingDecodeBackend(_HybridDecodeBase):
    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingDecodeBackend):
    """Decode backend registered for hybrid sliding-window checkpoints."""
