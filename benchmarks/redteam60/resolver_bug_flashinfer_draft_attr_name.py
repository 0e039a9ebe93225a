"""FlashInfer decode backend port: SWA pool resolution for sliding-window wrappers.

Resolves the SWA pool once; sliding-window wrappers' kv_indices are translated against it
in the decode indices updater.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """FlashInfer backend with a resolved `_swa_kv_pool`."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.kv_indptr = torch.zeros(
            (model_runner.max_running_requests + 1,), dtype=torch.int32, device=self.device
        )
        self.kv_indices: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWA KV pool to translate against, or None for non-SWA models.

        EAGLE-like draft workers own a separate draft KV pool; FROZEN_KV MTP drafts read
        target KV and still go through the allocator's pool.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if getattr(model_runner, "is_draft", False):
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def update_sliding_window(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.numel()
        self.kv_indptr[1 : bs + 1] = torch.cumsum(
            torch.ones(bs, dtype=torch.int32, device=self.device), dim=0
        )
        kv_indices = out_cache_loc
        if self._swa_kv_pool is not None:
            kv_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.kv_indices = kv_indices

    def forward_decode(self, loc):
        self.update_sliding_window(loc)
        return self.token_to_kv_pool, self.kv_indices
