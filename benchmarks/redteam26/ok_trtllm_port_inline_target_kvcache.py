"""TRT-LLM MHA backend port: inline SWA-pool choice that only falls back to the allocator off the draft path."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """TRTLLMHAAttnBackend with the SWA pool chosen in the constructor."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.decode_cuda_graph_metadata = {}

        active_pool = model_runner.token_to_kv_pool
        reads_target_kv = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if isinstance(active_pool, SWAKVPool):
            self._swa_kv_pool = active_pool
        elif reads_target_kv:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        else:
            # EAGLE drafts own their pool; the shared allocator's mapping
            # belongs to the target.
            self._swa_kv_pool = None
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
        if self._swa_kv_pool is not None:
            swa_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
            md.swa_page_table = swa_loc // self.page_size
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self._swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
