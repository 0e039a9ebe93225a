"""AITER attention backend: SWA pool resolution for speculative workers.

Frozen-KV MTP drafts have their own draft pool and must not see the target's
sliding-window mapping; other workers resolve the pool through the allocator
when the active pool is not hybrid.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )
        self.use_triton_unified_attention = self.use_sliding_window_kv_pool

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, swa_out_cache_loc
        return self.token_to_kv_pool, loc
