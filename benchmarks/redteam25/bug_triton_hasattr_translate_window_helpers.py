"""Triton decode backend with sliding-window kv-indices helpers for hybrid SWA models."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TritonForwardMetadata:
    attn_logits: Optional[torch.Tensor]
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    window_kv_indptr: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self.device = getattr(model_runner, "device", "cpu")
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.num_head = getattr(model_runner.model_config, "num_attention_heads", 1)
        server_args = getattr(model_runner, "server_args", None)
        self.num_kv_splits = getattr(server_args, "triton_attention_num_kv_splits", 8)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 4096
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_indptr = (
            kv_indptr_buf
            if kv_indptr_buf is not None
            else torch.zeros(self.max_bs + 1, dtype=torch.int32)
        )
        # hybrid SWA models need the window helpers to map full slots into the SWA pool
        self.use_sliding_window_kv_pool = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        self.forward_metadata: Optional[TritonForwardMetadata] = None

    def _update_sliding_window_kv_indices(self, kv_indices):
        if not self.use_sliding_window_kv_pool:
            return kv_indices
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        kv_indptr = self.kv_indptr[: bs + 1]
        kv_indptr[1:] = torch.arange(1, bs + 1, dtype=torch.int32)
        kv_indices = loc.to(torch.int64)
        window_indptr = window_indices = None
        if self.sliding_window_size > 0 and mode != "extend":
            window_indptr = kv_indptr.clone()
            window_indices = self._update_sliding_window_kv_indices(kv_indices)
        self.forward_metadata = TritonForwardMetadata(
            attn_logits=None,
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
            window_kv_indptr=window_indptr,
            window_kv_indices=window_indices,
        )

    def forward(self, loc, mode="decode", layer_window=4096):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if layer_window > -1 and md.window_kv_indices is not None:
            return self.token_to_kv_pool, md.window_kv_indices
        return self.token_to_kv_pool, md.kv_indices

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
