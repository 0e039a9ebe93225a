"""Triton attention backend port whose sliding-window KV flag is taken from the allocator type."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor] = None
    attn_lse: Optional[torch.Tensor] = None
    max_extend_len: Optional[int] = None
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Condensed TritonAttnBackend: decode-only, no split-KV autotuning."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.sliding_window_size = model_runner.sliding_window_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid SWA models come with the two-level allocator; its full->swa
        # table is what the window layers index with.
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.max_bs = model_runner.req_to_token_pool.size
        self.num_kv_splits = 8
        self.forward_metadata = ForwardMetadata()
        self.cuda_graph_swa_out_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_num_kv_splits = torch.full(
            (max_bs,), self.num_kv_splits, dtype=torch.int32, device=self.device
        )
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(
                (max_num_tokens,), dtype=torch.int64, device=self.device
            )

    def _swa_write_ids(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(out_cache_loc)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        swa_loc = None
        if self.use_sliding_window_kv_pool:
            swa_loc = self._swa_write_ids(out_cache_loc)
        self.forward_metadata = ForwardMetadata(
            num_kv_splits=torch.full(
                (out_cache_loc.shape[0],), self.num_kv_splits, dtype=torch.int32
            ),
            swa_out_cache_loc=swa_loc,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Return the pool the decode kernel reads and the slots it reads at."""
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.forward_metadata.swa_out_cache_loc
        return self.token_to_kv_pool, loc
