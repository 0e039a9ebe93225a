"""TRTLLM-style MHA backend port with a forward-metadata dataclass."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMForwardMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        # Sliding Window Attention (SWA) hybrid model support.
        # the allocator keeps a handle on the kv cache it hands out slots of
        backing = vars(model_runner.token_to_kv_pool_allocator).get("_kvcache")
        self.use_sliding_window_kv_pool = isinstance(backing, SWAKVPool)
        self._swa_kv_pool: Optional[SWAKVPool] = (
            backing if self.use_sliding_window_kv_pool else None
        )
        self.forward_metadata: Optional[TRTLLMForwardMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        md = TRTLLMForwardMetadata(cache_loc=out_cache_loc, max_seq_len=int(out_cache_loc.numel()))
        if self.use_sliding_window_kv_pool:
            md.swa_cache_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self._swa_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
