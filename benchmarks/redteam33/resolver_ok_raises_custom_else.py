"""Hybrid-window decode backend that resolves its SWA pool with custom exceptions and try/else."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _NotWindowed(Exception):
    """The candidate pool has no sliding-window half."""


class _OwnsItsCache(Exception):
    """Regular draft workers keep their own KV and never read the target's."""


@dataclass
class HybridDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _as_swa(pool) -> SWAKVPool:
    if not isinstance(pool, SWAKVPool):
        raise _NotWindowed(type(pool).__name__)
    return pool


def _check_may_share(model_runner) -> None:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        raise _OwnsItsCache()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    try:
        return _as_swa(model_runner.token_to_kv_pool)
    except _NotWindowed:
        pass
    try:
        _check_may_share(model_runner)
    except _OwnsItsCache:
        return None
    else:
        try:
            return _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache())
        except _NotWindowed:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = HybridDecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        table = self.req_to_token[forward_batch.req_pool_indices[:bs]]
        swa_table = None
        if self.swa_pool is not None:
            swa_table = self.swa_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = HybridDecodeMetadata(page_table=table, swa_page_table=swa_table)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
