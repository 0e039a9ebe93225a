"""TRT-LLM MHA backend, SWA resolution reordered to try the allocator's cache first."""

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
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.cuda_graph_swa_page_table = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None.

        The allocator's cache is checked first: on every hybrid deployment it
        is the target SWAKVPool, which saves the isinstance on wrapped pools.
        """
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        return None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int):
        if self._swa_kv_pool is None:
            return None
        return torch.zeros((max_bs, max_num_pages), dtype=torch.int32)

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int):
        self.cuda_graph_swa_page_table = self._alloc_swa_page_table(max_bs, max_num_pages)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = TRTLLMMHAMetadata(page_table=loc)
        md.cache_seqlens_int32 = torch.ones(loc.numel(), dtype=torch.int32)
        if self._swa_kv_pool is not None:
            md.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is None:
            return self.token_to_kv_pool, md.page_table
        return self._swa_kv_pool, md.swa_page_table
