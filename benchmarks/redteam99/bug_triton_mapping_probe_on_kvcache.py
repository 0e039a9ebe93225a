"""Triton decode backend with sliding-window support (from sglang triton_backend.py).

The SWA check looks for a registered full->SWA index mapping so that SWA models that
were built without a mapping (e.g. unit tests) fall back to the plain decode kernel.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indices: torch.Tensor
    window_kv_indices: Optional[torch.Tensor] = None


def _has_full_to_swa_mapping(model_runner) -> bool:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return getattr(kvcache, "full_to_swa_index_mapping", None) is not None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, max_kv_splits: int = 16):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.max_kv_splits = max_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_enabled = _has_full_to_swa_mapping(model_runner)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMetadata:
        window_kv_indices = None
        if self.sliding_window_enabled:
            window_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = ForwardMetadata(kv_indices=loc, window_kv_indices=window_kv_indices)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        if md.window_kv_indices is not None:
            return self.token_to_kv_pool, md.window_kv_indices
        return self.token_to_kv_pool, md.kv_indices
