"""FlashInfer-style backend: SWA pool resolved once, shared with the updaters."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_target_kv(model_runner) -> bool:
    """FROZEN_KV MTP drafts attend over the target's cache instead of their own."""
    check = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(check and check())


class _SWAIndexUpdater:
    def __init__(self, attn_backend):
        self._swa_kv_pool = attn_backend._swa_kv_pool
        self.kv_indices_buf = None

    def alloc_buffers(self, max_num_tokens: int):
        self.kv_indices_buf = torch.zeros(max_num_tokens, dtype=torch.int64)

    def window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.indices_updater = _SWAIndexUpdater(self)
        self.indices_updater.alloc_buffers(getattr(model_runner, "max_running_requests", 1) or 1)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        is_draft = getattr(model_runner, "is_draft_worker", False)
        if is_draft and not _reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            self.forward_metadata = (
                self._swa_kv_pool,
                self.indices_updater.window_indices(loc),
            )
        else:
            self.forward_metadata = (self.token_to_kv_pool, loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool, indices = self.forward_metadata
        return pool, indices
