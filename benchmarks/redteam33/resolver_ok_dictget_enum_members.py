"""Decode backend choosing a draft's KV source from a table keyed by SpeculativeAlgorithm members."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


def _allocator_swa_pool(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


# Drafts that attend over the target's cache; every other draft owns its pool.
_DRAFT_SHARED_SOURCES = {
    SpeculativeAlgorithm.FROZEN_KV_MTP: _allocator_swa_pool,
}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker:
        return _allocator_swa_pool(model_runner)
    source = _DRAFT_SHARED_SOURCES.get(model_runner.spec_algorithm, lambda _mr: None)
    return source(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = DecodeMetadata(
            kv_indptr=self.kv_indptr[: bs + 1], kv_indices=forward_batch.out_cache_loc
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
