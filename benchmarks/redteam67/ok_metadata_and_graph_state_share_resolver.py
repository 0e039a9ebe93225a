"""FlashAttention-style decode backend with CUDA-graph buffers for SWA layers.

``__init__``, ``init_forward_metadata`` and ``init_cuda_graph_state`` all read
the sliding-window pool from ``self.swa_kv_pool``, resolved once by
``_resolve_swa_kv_pool``; none of them look at the allocator again.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 64):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.init_cuda_graph_state(max_bs)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_page_table = torch.zeros(max_bs, dtype=torch.int64)
        self.cuda_graph_swa_page_table = (
            torch.zeros(max_bs, dtype=torch.int64) if self.swa_kv_pool is not None else None
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        metadata = DecodeMetadata(page_table=loc)
        if self.swa_kv_pool is not None:
            metadata.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = metadata
        return metadata

    def forward_decode(self, loc: torch.Tensor):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_page_table is not None:
            return self.swa_kv_pool, metadata.swa_page_table
        return self.token_to_kv_pool, metadata.page_table
