"""Decode backend caching its shared-KV policy in an lru_cached predicate over runner flags."""

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
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


@functools.lru_cache(maxsize=16)
def _shares_target_kv(is_draft_worker: bool, frozen_kv_mtp: bool) -> bool:
    """Targets read their own cache; of the drafts only FROZEN_KV MTP reads the target's."""
    return (not is_draft_worker) or frozen_kv_mtp


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        frozen = bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
        draft = bool(model_runner.is_draft_worker)
        if not _shares_target_kv(frozen, draft):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        table = self.req_to_token[forward_batch.req_pool_indices[:bs]]
        swa_table = None
        if self.swa_pool is not None:
            swa_table = self.swa_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = DecodeMetadata(page_table=table, swa_page_table=swa_table)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
