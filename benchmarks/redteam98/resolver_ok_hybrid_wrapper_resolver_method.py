"""Hybrid wrapper backend that resolves the sliding-window pool for its children.

Resolution follows the runner's role: the active pool wins when it is hybrid, regular draft
workers keep dense reads of their own pool, and frozen-KV MTP drafts (which read the target
cache) fall back to the KV cache the shared allocator was built for.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullAttnChild:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc


class _SWAChild:
    def __init__(self, swa_pool: SWAKVPool):
        self.swa_pool = swa_pool

    def forward_decode(self, loc):
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        swa_pool = self._resolve_swa_pool()
        if swa_pool is not None:
            self.child = _SWAChild(swa_pool)
        else:
            self.child = _FullAttnChild(model_runner.token_to_kv_pool)

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
