"""ROCm CK-tile attention backend with sliding-window layer support."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CKTileMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.metadata = CKTileMetadata()

        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if getattr(allocator, "swa_attn_allocator", None) is not None:
            # Two sub-allocators -> two index spaces.
            self.swa_kv_pool = allocator.get_kvcache()
            logger.info("CK-tile backend: SWA layers use a separate KV pool")

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        indices = forward_batch.out_cache_loc
        self.metadata = CKTileMetadata(kv_indptr=indptr, kv_indices=indices)
        if self.swa_kv_pool is not None:
            self.metadata.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(indices)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
