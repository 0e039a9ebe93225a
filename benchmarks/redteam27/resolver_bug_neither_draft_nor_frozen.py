"""Hybrid decode backend whose SWA-pool resolver gates the allocator cache on the runner role."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowMetadata:
    swa_out_cache_loc: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.metadata = WindowMetadata()

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if not (model_runner.is_draft_worker or frozen):
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor):
        if self.swa_pool is None:
            return
        max_len = int(seq_lens.max().item())
        tokens = self.req_to_token[req_pool_indices, :max_len].long()
        self.metadata.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(tokens)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
