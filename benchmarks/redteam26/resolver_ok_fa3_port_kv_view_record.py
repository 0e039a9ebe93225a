"""FlashAttention backend port whose resolver returns a small KV-view record (pool, windowed)."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _KVView:
    pool: object
    windowed: bool


def _frozen_kv(model_runner) -> bool:
    frozen = False
    with contextlib.suppress(AttributeError):
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    return frozen


def resolve_kv_view(model_runner) -> _KVView:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return _KVView(own, True)
    if model_runner.is_draft_worker and not _frozen_kv(model_runner):
        return _KVView(own, False)
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return _KVView(kvcache, True)
    return _KVView(own, False)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FA3 backend, decode page tables."""

    def __init__(self, model_runner, skip_prefill: bool = False, topk: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.topk = topk
        self.kv_view = resolve_kv_view(model_runner)
        self.is_draft_runner = model_runner.is_draft_worker
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32), page_table=loc
        )
        if self.kv_view.windowed:
            md.swa_page_table = self.kv_view.pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.kv_view.pool, table
