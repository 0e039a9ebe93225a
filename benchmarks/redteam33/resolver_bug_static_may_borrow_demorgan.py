"""Decode backend with a staticmethod policy class deciding whether to borrow the shared SWA pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SharedKVPolicy:
    """Which workers may attend over the KV cache behind the shared allocator."""

    @staticmethod
    def may_borrow(model_runner) -> bool:
        # everything except a draft that is not FROZEN_KV MTP
        return (
            not model_runner.is_draft_worker or not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )

    @staticmethod
    def windowed(pool) -> bool:
        return isinstance(pool, SWAKVPool)


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        self.swa_pool = self._resolve(model_runner)
        self.forward_metadata = DecodeMetadata()

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if SharedKVPolicy.windowed(model_runner.token_to_kv_pool):
            return model_runner.token_to_kv_pool
        if SharedKVPolicy.may_borrow(model_runner):
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if SharedKVPolicy.windowed(kvcache):
                return kvcache
        return None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = DecodeMetadata(
            kv_indptr=self.kv_indptr[: bs + 1], seq_lens=forward_batch.seq_lens[:bs]
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
