"""FlashAttention (FA3) backend: page tables for full and sliding-window layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: torch.Tensor = None
    max_seq_len_k: int = 0
    page_table: torch.Tensor = None
    swa_page_table: torch.Tensor = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.skip_prefill = skip_prefill
        self.is_draft_runner = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # the allocator's cache is the authoritative hybrid pool, even when
        # this runner was handed a wrapper
        self._kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = (
            isinstance(self._kv_cache, SWAKVPool) and self._kv_cache.swa_layer_nums > 0
        )
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32),
            "page_table": torch.zeros((max_bs, max_num_tokens), dtype=torch.int32),
        }

    def _prepare_swa_page_table(self, page_table: torch.Tensor) -> torch.Tensor:
        return self._kv_cache.translate_loc_from_full_to_swa(page_table)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata()
        md.cache_seqlens_int32 = torch.ones(loc.numel(), dtype=torch.int32)
        md.max_seq_len_k = 1
        md.page_table = loc
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self._prepare_swa_page_table(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
