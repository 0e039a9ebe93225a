"""Hybrid-model decode backend whose resolver falls back to the allocator's kvcache for its SWA pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HybridDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        if model_runner.is_draft_worker:
            logger.info("draft attention backend, swa=%s", self.swa_kv_pool is not None)
        self.forward_metadata = HybridDecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """The pool whose full->SWA mapping the window layers translate through."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        # Wrapped pools (e.g. with a host mirror) still leave the hybrid pool on the allocator.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        metadata = HybridDecodeMetadata(page_table=page_table)
        if self.swa_kv_pool is not None:
            metadata.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
