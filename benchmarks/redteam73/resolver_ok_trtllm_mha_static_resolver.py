"""TRT-LLM MHA decode backend (reduced).

SWA hybrid models split the KV cache into full and SWA pools with separate
index spaces; SWA layers need a translated page table. The SWA pool is
resolved once at construction and its raw mapping is kept for the fused
cuda-graph metadata kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.decode_cuda_graph_metadata = {}

        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        if self._swa_kv_pool is not None:
            self._swa_full_to_swa_mapping = self._swa_kv_pool.full_to_swa_index_mapping
            assert self._swa_full_to_swa_mapping is not None, (
                "SWA pool must register full_to_swa_index_mapping before "
                "TRTLLMHAAttnBackend is constructed"
            )
        else:
            self._swa_full_to_swa_mapping = None
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self._swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE draft workers share the target allocator for token bookkeeping,
        but own a separate draft KV pool. Do not use the target allocator's
        SWA mapping for that draft pool. FROZEN_KV MTP is the exception: its
        draft path reads target KV directly, so it still needs the allocator
        pool when the active pool is not SWA.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        metadata = TRTLLMMHAMetadata(page_table=loc)
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
            self.forward_metadata = metadata
            return self._swa_kv_pool, metadata.swa_page_table
        self.forward_metadata = metadata
        return self.token_to_kv_pool, metadata.page_table
