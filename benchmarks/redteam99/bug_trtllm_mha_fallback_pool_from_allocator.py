"""TRT-LLM MHA decode backend (fork of trtllm_mha_backend.py).

The SWA pool is resolved from the runner's active pool as upstream does. For the
non-SWA case the backend reads from ``get_kvcache()`` so that the pool it reports matches
the object the allocator hands indices out for.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, workspace_buffer: Optional[torch.Tensor] = None):
        super().__init__()
        self.device = model_runner.device
        self.workspace_buffer = workspace_buffer
        pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.allocator = model_runner.token_to_kv_pool_allocator

    def _kv_pool(self):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool
        return self.allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self._kv_pool(), loc
