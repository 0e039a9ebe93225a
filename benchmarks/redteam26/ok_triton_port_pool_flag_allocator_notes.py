"""Triton attention backend port: window flag from the runner's own pool, allocator kept for paging and notes."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor] = None
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Condensed TritonAttnBackend."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.sliding_window_size = model_runner.sliding_window_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        # Lets the Triton wrappers specialize on PAGE_SIZE.
        self.page_size = getattr(self.token_to_kv_pool_allocator, "page_size", 1) or 1
        allocator_kind = type(self.token_to_kv_pool_allocator).__name__
        if allocator_kind.startswith("SWA") and not self.use_sliding_window_kv_pool:
            # Draft workers share the target's hybrid allocator but own a
            # full-only pool: nothing to translate here.
            logger.info("triton: %s over a full-only pool", allocator_kind)
        self.num_kv_splits = 8
        self.forward_metadata = ForwardMetadata()

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros((max_num_tokens,), dtype=torch.int64, device=self.device)
            if self.use_sliding_window_kv_pool
            else None
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        swa_loc = None
        if self.use_sliding_window_kv_pool:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = ForwardMetadata(
            num_kv_splits=torch.full((out_cache_loc.numel(),), self.num_kv_splits),
            kv_indices=out_cache_loc,
            swa_out_cache_loc=swa_loc,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, slots)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
