"""FlashAttention-3 backend: SWA pool resolution for target and MTP workers.

FROZEN_KV MTP drafts run against the target's frozen KV cache and have no
sliding-window pool of their own; every other runner resolves the SWA pool from
the active pool or, failing that, the allocator's cache.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FlashAttentionMetadata:
    def __init__(self):
        self.page_table: Optional[torch.Tensor] = None
        self.swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, page_size: Optional[int] = None):
        super().__init__()
        self.page_size = page_size or model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = FlashAttentionMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("frozen-KV MTP draft: no SWA pool")
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        md = FlashAttentionMetadata()
        md.page_table = loc // self.page_size
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_page_table is not None:
            return self.swa_kv_pool, self.forward_metadata.swa_page_table
        return self.token_to_kv_pool, loc
