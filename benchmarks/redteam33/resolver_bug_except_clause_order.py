"""Decode backend with a strict SWA pool lookup and a legacy fallback for older runners."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RegularDraftWorker(Exception):
    """Raised for EAGLE-style drafts, which own a separate full-attention pool."""


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None


def _strict_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        raise RegularDraftWorker(model_runner.spec_algorithm)
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    try:
        return _strict_swa_pool(model_runner)
    except Exception as e:  # runners predating spec_algorithm / is_draft_worker
        logger.warning("strict SWA lookup failed (%s); using the allocator's cache", e)
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    except RegularDraftWorker:
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.max_running_requests
        self.kv_last_page_len = torch.ones(self.max_bs, dtype=torch.int32)
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            kv_indices=forward_batch.out_cache_loc, kv_last_page_len=self.kv_last_page_len[:bs]
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
