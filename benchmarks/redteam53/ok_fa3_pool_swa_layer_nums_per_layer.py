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
        # the allocator's cache is only compared against, for the startup log
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if shared is not self.token_to_kv_pool:
            logger.info("FA3: runner owns a KV pool apart from the allocator's")
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def _is_swa_layer(self, layer_id: int) -> bool:
        if not self.use_sliding_window_kv_pool:
            return False
        _, is_swa = self.token_to_kv_pool.layers_mapping[layer_id]
        return is_swa

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32),
            max_seq_len_k=1,
            page_table=loc,
        )
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc, layer_id: int = 0):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if self._is_swa_layer(layer_id):
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
