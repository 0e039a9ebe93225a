"""Multi-step draft backend for FlashAttention-3 with a shared SWA resolver.

The multi-step wrapper resolves the SWA pool once and passes it to every
per-step backend so capture and replay across steps use one handle. FROZEN_KV
MTP drafts, which read the target's KV, fall back to the allocator's cache.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FA3StepBackend(AttentionBackend):
    def __init__(self, kv_pool: KVCache, swa_kv_pool: Optional[SWAKVPool], step_id: int):
        super().__init__()
        self.kv_pool = kv_pool
        self.swa_kv_pool = swa_kv_pool
        self.speculative_step_id = step_id
        self.swa_page_table: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        if self.swa_kv_pool is not None:
            self.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.swa_page_table = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)
        self.attn_backends: List[FA3StepBackend] = [
            FA3StepBackend(self.kv_pool, self.swa_kv_pool, i)
            for i in range(max(1, speculative_num_steps - 1))
        ]

    @classmethod
    def resolve_swa_kv_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        for backend in self.attn_backends:
            backend.init_forward_metadata(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        step = self.attn_backends[0]
        if step.swa_page_table is not None:
            return step.swa_kv_pool, step.swa_page_table
        return step.kv_pool, loc
