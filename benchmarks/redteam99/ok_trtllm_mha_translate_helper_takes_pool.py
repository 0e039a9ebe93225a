"""TRT-LLM MHA decode backend (fork of trtllm_mha_backend.py).

The full->SWA page-table translation was pulled out of ``init_forward_metadata`` into
``_translate_page_table`` so the CUDA-graph replay path can reuse it.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_SIZE_MB = 128


def _translate_page_table(kv_pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    """Map full-pool locations to SWA-pool locations when ``kv_pool`` is hybrid."""
    if isinstance(kv_pool, SWAKVPool):
        return kv_pool.translate_loc_from_full_to_swa(loc)
    return loc


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
        self.page_table: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        self.page_table = _translate_page_table(self.token_to_kv_pool, loc)
        return self.page_table

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
