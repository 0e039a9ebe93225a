"""Backend with a static resolver for the SWA pool used by window layers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE3 draft workers allocate their own KV pool and only share the
        allocator for token bookkeeping, so they must not use the target's pool.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and spec.is_eagle3():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self._swa_loc(loc)
        return self.token_to_kv_pool, loc
