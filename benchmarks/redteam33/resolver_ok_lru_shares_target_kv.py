"""Decode backend with an lru_cached pure predicate deciding whether a worker may read shared KV."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    num_splits: int = 0


@functools.lru_cache(maxsize=None)
def _shares_target_kv(is_draft_worker: bool, frozen_kv_mtp: bool) -> bool:
    return (not is_draft_worker) or frozen_kv_mtp


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    draft = bool(model_runner.is_draft_worker)
    frozen = bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    if not _shares_target_kv(draft, frozen):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_splits = 0 if model_runner.page_size == 1 else 1
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32), num_splits=self.num_splits
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
