"""FlashAttention-3 decode backend: page-table build for hybrid SWA models.

Splits the metadata build into a builder object so the same code serves the
eager path and CUDA-graph replay. SWA layers read through a translated page
table; full layers read the untranslated one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FA3DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    cache_seqlens: Optional[torch.Tensor] = None

    @property
    def has_swa(self) -> bool:
        return self.swa_page_table is not None


class FA3MetadataBuilder:
    """Builds FA3 decode metadata; shared by eager and graph paths."""

    def __init__(self, allocator, use_swa: bool, page_size: int = 1):
        self.allocator = allocator
        self.use_swa = use_swa
        self.page_size = page_size

    def build(self, loc: torch.Tensor) -> FA3DecodeMetadata:
        page_table = loc // self.page_size if self.page_size > 1 else loc
        swa_table = None
        if self.use_swa:
            swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
            swa_table = swa_loc // self.page_size if self.page_size > 1 else swa_loc
        seqlens = torch.ones_like(loc, dtype=torch.int32)
        return FA3DecodeMetadata(page_table, swa_table, seqlens)


class FA3GraphRunnerState:
    def __init__(self, max_bs: int, device):
        self.max_bs = max_bs
        self.page_table = torch.zeros(max_bs, dtype=torch.int64, device=device)
        self.swa_page_table = torch.zeros(max_bs, dtype=torch.int64, device=device)

    def copy_in(self, meta: FA3DecodeMetadata) -> None:
        bs = meta.page_table.numel()
        self.page_table[:bs].copy_(meta.page_table)
        if meta.has_swa:
            self.swa_page_table[:bs].copy_(meta.swa_page_table)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 128, enable_graph: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator.get_kvcache(), SWAKVPool)
        self.builder = FA3MetadataBuilder(
            allocator, self.use_sliding_window_kv_pool, page_size=self.page_size
        )
        self.graph_state = FA3GraphRunnerState(max_bs, self.device) if enable_graph else None
        self.forward_metadata: Optional[FA3DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> FA3DecodeMetadata:
        self.forward_metadata = self.builder.build(loc)
        if self.graph_state is not None:
            self.graph_state.copy_in(self.forward_metadata)
        return self.forward_metadata

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor) -> None:
        if self.graph_state is None:
            raise RuntimeError("CUDA graph state was not initialized for this backend")
        if bs > self.graph_state.max_bs:
            raise ValueError(f"capture bs={bs} exceeds max_bs={self.graph_state.max_bs}")
        self.init_forward_metadata(loc[:bs])

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor) -> None:
        meta = self.builder.build(loc[:bs])
        self.graph_state.copy_in(meta)
        self.forward_metadata = FA3DecodeMetadata(
            self.graph_state.page_table[:bs],
            self.graph_state.swa_page_table[:bs] if meta.has_swa else None,
            meta.cache_seqlens,
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        if meta.has_swa:
            return self.token_to_kv_pool, meta.swa_page_table
        return self.token_to_kv_pool, meta.page_table
