"""FlashInfer decode backend with a shared-allocator notice (fork edit).

Speculative draft runners share the target's token allocator. The fork logs
once when the allocator's cache is not the pool this backend reads, which
helped us when debugging capacity issues with EAGLE on hybrid models; the
SWA decision itself stays on the backend's own pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_size_mb: int = 0):
        self.device = model_runner.device
        self.workspace_size_mb = workspace_size_mb
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self._log_allocator_sharing(model_runner)

    def _log_allocator_sharing(self, model_runner) -> None:
        allocator_cache = self.token_to_kv_pool_allocator.get_kvcache()
        if allocator_cache is self.token_to_kv_pool:
            return
        logger.info(
            "flashinfer: allocator cache %s differs from active pool %s "
            "(draft=%s, free tokens=%d); reading active pool",
            type(allocator_cache).__name__,
            type(self.token_to_kv_pool).__name__,
            model_runner.is_draft_worker,
            self.token_to_kv_pool_allocator.available_size(),
        )

    def _plan_decode(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return kv_indices
        return self.swa_pool.translate_loc_from_full_to_swa(kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self._plan_decode(loc)
        if self.swa_pool is not None:
            return self.swa_pool, kv_indices
        return self.token_to_kv_pool, kv_indices
