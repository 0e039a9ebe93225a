"""Decode backend that asks a helper class of staticmethod predicates where its SWA pool lives."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVTopology:
    @staticmethod
    def owns_swa_pool(model_runner) -> bool:
        return isinstance(model_runner.token_to_kv_pool, SWAKVPool)

    @staticmethod
    def is_regular_draft(model_runner) -> bool:
        return bool(model_runner.is_draft_worker) and not (
            model_runner.spec_algorithm.is_frozen_kv_mtp()
        )

    @staticmethod
    def shared_swa_pool(model_runner) -> Optional[SWAKVPool]:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    cache_seqlens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = self._swa_pool_for(model_runner)
        self.forward_metadata = DecodeMetadata()

    @staticmethod
    def _swa_pool_for(model_runner) -> Optional[SWAKVPool]:
        if _KVTopology.owns_swa_pool(model_runner):
            return model_runner.token_to_kv_pool
        if _KVTopology.is_regular_draft(model_runner):
            return None
        return _KVTopology.shared_swa_pool(model_runner)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            page_table=self.req_to_token[forward_batch.req_pool_indices[:bs]],
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
