"""TRT-LLM MHA decode path (fork) with a separate KV-buffer handle.

The page-table logic keeps the upstream resolver, but the KV buffers handed
to ``trtllm_batch_decode_with_kv_cache`` come from ``self.kv_buffer_pool``,
which the fork takes from the allocator to match the FP8 scale layout our
allocator patches register.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_mb: int = 128):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.workspace_mb = workspace_mb
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_buffer_pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        page_table = self._page_table(loc)
        return self.kv_buffer_pool, page_table
