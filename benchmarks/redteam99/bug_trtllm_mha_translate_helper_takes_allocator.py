"""TRT-LLM MHA decode backend (fork of sglang/srt/layers/attention/trtllm_mha_backend.py).

The full->SWA page translation used to be inlined in ``init_forward_metadata``; it now
lives in ``_maybe_translate_swa_loc`` so the CUDA-graph replay path can share it.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_SIZE_MB = 128


def _maybe_translate_swa_loc(allocator, loc: torch.Tensor) -> torch.Tensor:
    """Translate full-pool token locations into the sliding-window pool if one exists."""
    translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if translate is None:
        return loc
    return translate(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        workspace_size_mb: int = DEFAULT_WORKSPACE_SIZE_MB,
        kv_indptr_buf: Optional[torch.Tensor] = None,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.workspace_size = workspace_size_mb * 1024 * 1024
        self.kv_indptr_buf = kv_indptr_buf
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata = None

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        page_table = _maybe_translate_swa_loc(self.token_to_kv_pool_allocator, loc)
        self.forward_metadata = page_table
        return page_table

    def forward_decode(self, loc: torch.Tensor):
        page_table = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, page_table
