"""TRT-LLM MHA decode backend with SWA page-table translation.

TRT-LLM's XQA kernel is driven by a block table; for hybrid models the SWA layers
use a second block table built from SWA-pool page indices. The SWA pool is looked
up once at construction and reused by capture/replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

DEFAULT_WORKSPACE_SIZE_MB = 128


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Prefer the runner's active pool; fall back to the allocator's KV cache."""
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, workspace_size_mb: int = DEFAULT_WORKSPACE_SIZE_MB):
        super().__init__()
        self.page_size = model_runner.page_size
        self.workspace_size = workspace_size_mb * 1024 * 1024
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        self.forward_metadata = TRTLLMMHAMetadata()

    def _build_swa_page_table(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        swa_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return swa_loc

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = TRTLLMMHAMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=loc.clone(),
            swa_page_table=self._build_swa_page_table(loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_page_table is not None:
            return self._swa_kv_pool, self.forward_metadata.swa_page_table
        return self.token_to_kv_pool, self.forward_metadata.page_table
