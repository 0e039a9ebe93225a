"""TRT-LLM-style decode backend whose static resolver finds the SWA pool with assignment expressions."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = TRTLLMDecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(active := model_runner.token_to_kv_pool, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # An EAGLE draft owns its KV; the shared allocator's pool is the target's.
            return None
        if isinstance(kv := model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool):
            return kv
        return None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int):
        self.cuda_graph_page_table = torch.zeros(
            max_bs, max_num_pages, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_swa_page_table = self._alloc_swa_page_table(max_bs, max_num_pages)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
