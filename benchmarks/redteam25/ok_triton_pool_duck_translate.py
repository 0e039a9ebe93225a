"""Triton decode backend that builds window kv indices for sliding-window layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TritonForwardMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    window_kv_indptr: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = getattr(model_runner, "device", "cpu")
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        server_args = getattr(model_runner, "server_args", None)
        self.num_kv_splits = getattr(server_args, "triton_attention_num_kv_splits", 8)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 4096
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(self.token_to_kv_pool_allocator, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Only a pool that carries the full->SWA map can serve window reads.
        self.use_sliding_window_kv_pool = hasattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa"
        )
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32)
        self.forward_metadata: Optional[TritonForwardMetadata] = None
        logger.debug(
            "triton backend page_size=%d swa_pool=%s",
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def _update_sliding_window_kv_indices(self, kv_indices):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        kv_indptr = self.kv_indptr[: bs + 1]
        kv_indptr[1:] = torch.arange(1, bs + 1, dtype=torch.int32)
        kv_indices = loc.to(torch.int64)
        md = TritonForwardMetadata(kv_indptr=kv_indptr, kv_indices=kv_indices)
        if self.sliding_window_size > 0 and mode != "extend":
            md.window_kv_indptr = kv_indptr.clone()
            md.window_kv_indices = self._update_sliding_window_kv_indices(kv_indices)
        self.forward_metadata = md

    def forward(self, loc, mode="decode", layer_window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if layer_window > -1 and md.window_kv_indices is not None:
            return self.token_to_kv_pool, md.window_kv_indices
        return self.token_to_kv_pool, md.kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
