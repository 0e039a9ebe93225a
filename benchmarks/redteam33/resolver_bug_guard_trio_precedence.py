"""Paged decode backend resolving its SWA pool through own-pool, shared-pool and policy guards."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PagedDecodeMetadata:
    max_seq_len: int = 0
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32, device=model_runner.device)
        self.swa_pool = self._own_swa_pool(model_runner) or self._shared_swa_pool(model_runner)
        self.forward_metadata = PagedDecodeMetadata()
        logger.debug(
            "paged decode backend: page_size=%d swa=%s", self.page_size, self.swa_pool is not None
        )

    def _own_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        return None

    def _shared_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if not self._reads_target_cache(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            return None
        return kvcache

    @staticmethod
    def _reads_target_cache(model_runner) -> bool:
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        return not model_runner.is_draft_worker == frozen

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = PagedDecodeMetadata(
            max_seq_len=int(forward_batch.seq_lens[:bs].max().item()),
            kv_indptr=self.kv_indptr[: bs + 1],
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
