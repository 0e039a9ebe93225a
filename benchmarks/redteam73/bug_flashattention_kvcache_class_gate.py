"""FlashAttention (FA3) backend: local/SWA page-table translation.

The hybrid check looks at the cache the allocator hands out; the translate
callable given to the local-attention builder comes from that same cache so
the check and the translation cannot disagree.
"""

from __future__ import annotations

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class LocalAttentionMetadataBuilder:
    def __init__(self, page_size: int, swa_translate: Optional[Callable] = None):
        self.page_size = page_size
        self.swa_translate = swa_translate

    def build(self, page_table: torch.Tensor) -> torch.Tensor:
        return page_table if self.swa_translate is None else self.swa_translate(page_table)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_runner = model_runner.is_draft_worker

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = (
            isinstance(kvcache, SWAKVPool) and kvcache.swa_layer_nums > 0
        )
        self.local_attn_builder = LocalAttentionMetadataBuilder(
            page_size=self.page_size,
            swa_translate=(
                kvcache.translate_loc_from_full_to_swa if self.use_sliding_window_kv_pool else None
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.local_attn_builder.build(loc)
