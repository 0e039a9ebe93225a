"""FlashAttention-3 decode metadata builder (split out of flashattention_backend.py).

``SWAPageTableBuilder`` owns the full->SWA translation so the backend itself stays close
to upstream. The builder is handed the allocator because that is where the translation
entry point lives for SWA deployments.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class SWAPageTableBuilder:
    def __init__(self, allocator):
        self.allocator = allocator
        self.enabled = isinstance(allocator, SWATokenToKVPoolAllocator)

    def build(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.enabled:
            return loc
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def kv_pool(self, fallback):
        return self.allocator.get_kvcache() if self.enabled else fallback


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_builder = SWAPageTableBuilder(model_runner.token_to_kv_pool_allocator)
        self.page_table: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.page_table = self.swa_builder.build(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.swa_builder.kv_pool(self.token_to_kv_pool), self.page_table
