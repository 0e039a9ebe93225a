"""TRT-LLM MHA backend: SWA pool resolution.

The active pool is preferred; when it is not a sliding-window pool we fall
back to the allocator's cache so that speculative workers whose active pool is
a plain draft pool still pick up the hybrid mapping.
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
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.skip_prefill = skip_prefill
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_page_table(self, page_table: torch.Tensor) -> torch.Tensor:
        return self._swa_kv_pool.translate_loc_from_full_to_swa(page_table)

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_page_table(loc)
