"""FlashInfer-style backend whose constructor sizes buffers from the allocator and resolves the SWA pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.kv_indptr = (
            kv_indptr_buf
            if kv_indptr_buf is not None
            else torch.zeros(self.max_bs + 1, dtype=torch.int32)
        )
        self.kv_last_page_len = torch.ones(self.max_bs, dtype=torch.int32)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            swa_pool = self.token_to_kv_pool
        elif not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
            shared = allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                swa_pool = shared
        self._swa_kv_pool = swa_pool
        self.use_sliding_window_kv_pool = swa_pool is not None
        logger.info(
            "flashinfer: allocator=%s page=%d swa=%s",
            type(allocator).__name__,
            self.page_size,
            self.use_sliding_window_kv_pool,
        )
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        self.kv_indptr[1 : bs + 1] = torch.arange(1, bs + 1, dtype=torch.int32)
        kv_indices = loc.to(torch.int64)
        window_indices = None
        if self.use_sliding_window_kv_pool:
            window_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = (kv_indices, window_indices)

    def forward(self, loc, mode="decode", window=1024):
        self.init_forward_metadata(loc, mode)
        kv_indices, window_indices = self.forward_metadata
        if window > -1 and window_indices is not None:
            return self._swa_kv_pool, window_indices
        return self.token_to_kv_pool, kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
