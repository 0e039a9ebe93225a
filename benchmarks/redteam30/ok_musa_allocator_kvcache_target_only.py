"""MUSA attention backend; the target worker may take the SWA pool from the allocator."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MusaDecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool

        if model_runner.is_draft_worker:
            # Draft workers own their KV pool; the allocator is the target's.
            kvcache = self.kv_pool
        else:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.metadata = MusaDecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        indices = forward_batch.out_cache_loc
        swa = None
        if self.swa_kv_pool is not None:
            swa = self.swa_kv_pool.translate_loc_from_full_to_swa(indices)
        self.metadata = MusaDecodeMetadata(kv_indices=indices, swa_kv_indices=swa)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
