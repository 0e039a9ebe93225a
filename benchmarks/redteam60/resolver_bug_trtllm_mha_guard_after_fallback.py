"""TRT-LLM MHA decode backend port for hybrid sliding-window models.

Sliding-window layers use a separate page table built from SWA locations; the SWA pool to
translate against is resolved once at construction.
"""

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
    """TRT-LLM MHA attention backend, decode path only."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = TRTLLMMHAMetadata()
        if self._swa_kv_pool is not None:
            logger.info("TRTLLM MHA: sliding-window page table enabled")

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWA KV pool used for sliding-window page tables, if any."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        return None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.numel()
        md = TRTLLMMHAMetadata()
        md.cache_seqlens_int32 = torch.ones(bs, dtype=torch.int32, device=self.device)
        md.page_table = out_cache_loc.view(bs, 1).to(torch.int64)
        swa_page_table = self._alloc_swa_page_table(bs, 1)
        if swa_page_table is not None:
            swa_page_table[:, 0] = self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            md.swa_page_table = swa_page_table.to(torch.int64)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self._swa_kv_pool, md.swa_page_table.view(-1)
        return self.token_to_kv_pool, md.page_table.view(-1)
