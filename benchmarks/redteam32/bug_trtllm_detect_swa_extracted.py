"""TRTLLM MHA decode backend with the hybrid-SWA detection extracted into _detect_swa."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.decode_cuda_graph_metadata = {}

        # SWA hybrid models split the KV cache into full and SWA pools with
        # separate index spaces; SWA layers need a translated page_table.
        self._swa_kv_pool: Optional[SWAKVPool] = None
        if self._detect_swa(model_runner):
            self._swa_kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.debug("TRTLLM MHA: hybrid SWA pool detected")

    @staticmethod
    def _detect_swa(model_runner) -> bool:
        """Whether this runner serves a hybrid sliding-window model."""
        return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int):
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def _get_layer_cache_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        self.forward_metadata = TRTLLMMHAMetadata(
            cache_seqlens=torch.ones_like(loc, dtype=torch.int32),
            swa_page_table=self._alloc_swa_page_table(loc.numel(), 1),
        )
        pool = self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._get_layer_cache_loc(loc)
