"""TRT-LLM MHA backend port that registers the SWA mapping when the allocator can translate."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """TRTLLMHAAttnBackend condensed to the SWA page-table plumbing."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.decode_cuda_graph_metadata = {}

        allocator = model_runner.token_to_kv_pool_allocator
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        # SWA hybrid models split the KV cache into full and SWA pools with
        # separate index spaces; SWA layers need a translated page_table.
        self._swa_kv_pool = model_runner.token_to_kv_pool if callable(translate) else None
        if self._swa_kv_pool is not None:
            self._swa_full_to_swa_mapping = self._swa_kv_pool.full_to_swa_index_mapping
            assert self._swa_full_to_swa_mapping is not None, (
                "SWA pool must register full_to_swa_index_mapping before "
                "the backend is constructed"
            )
        else:
            self._swa_full_to_swa_mapping = None
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int):
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = TRTLLMMHAMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=loc // self.page_size,
        )
        if self._swa_full_to_swa_mapping is not None:
            md.swa_page_table = self._swa_full_to_swa_mapping[loc] // self.page_size
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self._swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
