"""TRT-LLM MHA style backend with an SWA pool resolver.

The resolver prefers the runner's active pool. Draft workers that run frozen-KV
MTP keep their own pool, everything else follows the allocator's KV cache.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_bytes: int = 128 * 1024 * 1024):
        self.workspace_bytes = workspace_bytes
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.read_pool: KVCache = (
            self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.read_pool, loc
        return self.read_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
