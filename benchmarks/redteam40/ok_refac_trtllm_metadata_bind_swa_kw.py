"""TRTLLM MHA-style metadata: ``_bind_swa_page_table`` takes ``has_swa`` by keyword, computed
from the resolved window pool; the sanity check names the allocator in its message."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool
        self._swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        if self._swa_kv_pool is not None:
            assert self._swa_kv_pool.full_to_swa_index_mapping is not None, (
                "SWA pool must register full_to_swa_index_mapping before the backend is built"
                f" (allocator: {type(allocator).__name__})"
            )

    def _bind_swa_page_table(self, metadata: TRTLLMMHAMetadata, *, has_swa: bool) -> None:
        if not has_swa:
            metadata.swa_page_table = None
            return
        metadata.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(
            metadata.page_table
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> TRTLLMMHAMetadata:
        metadata = TRTLLMMHAMetadata(page_table=loc, max_seq_len_k=loc.numel())
        self._bind_swa_page_table(metadata, has_swa=self._swa_kv_pool is not None)
        return metadata

    def forward_decode(self, loc):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_page_table is not None:
            return self._swa_kv_pool, metadata.swa_page_table
        return self.token_to_kv_pool, metadata.page_table
