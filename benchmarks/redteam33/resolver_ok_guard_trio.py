"""Decode-only windowed attention backend whose SWA pool comes from three small guard methods."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowDecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = WindowDecodeMetadata()

    # -- SWA pool resolution ------------------------------------------------

    def _own_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _may_use_shared_pool(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        # FROZEN_KV MTP drafts attend over the target's cache directly.
        return model_runner.spec_algorithm.is_frozen_kv_mtp()

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        own = self._own_swa_pool(model_runner)
        if own is not None:
            return own
        if not self._may_use_shared_pool(model_runner):
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    # -- forward ------------------------------------------------------------

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        page_table = self.req_to_token[forward_batch.req_pool_indices[:bs]]
        md = WindowDecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            page_table=page_table,
        )
        if self.swa_pool is not None:
            md.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
