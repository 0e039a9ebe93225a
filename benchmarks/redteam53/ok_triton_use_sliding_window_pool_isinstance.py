"""Triton attention backend: decode kv_indices built per request, SWA-aware."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor]
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    num_kv_splits: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        sa = model_runner.server_args
        self.device = model_runner.device
        self.max_kv_splits = getattr(sa, "triton_attention_num_kv_splits", 8)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        # the allocator only sizes the graph buffers (window tokens are scarcer)
        alloc = self.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            self.graph_token_budget = min(alloc.size, alloc.size_swa)
        else:
            self.graph_token_budget = alloc.size
        self.forward_metadata: Optional[ForwardMetadata] = None
        self.cuda_graph_kv_indices = None
        self.cuda_graph_swa_out_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        n = min(max_num_tokens, self.graph_token_budget)
        self.cuda_graph_kv_indices = torch.zeros(n, dtype=torch.int64)
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64)

    def _swa_write_ids(self, out_cache_loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        bs = loc.numel()
        self.forward_metadata = ForwardMetadata(
            attn_logits=None,
            kv_indptr=torch.arange(bs + 1, dtype=torch.int32),
            kv_indices=loc.clone(),
            num_kv_splits=torch.full((bs,), self.max_kv_splits, dtype=torch.int32),
            swa_out_cache_loc=self._swa_write_ids(loc),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
