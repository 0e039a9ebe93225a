"""FlashAttention (FA3) backend: decode metadata with local/SWA translation.

The SWA translate callable is handed to the local-attention metadata builder
so the chunked page table is rewritten in the same index space the SWA layers
read from.
"""

from __future__ import annotations

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class LocalAttentionMetadataBuilder:
    def __init__(
        self,
        page_size: int,
        device,
        swa_translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None,
    ):
        self.page_size = page_size
        self.device = device
        self.swa_translate = swa_translate

    def build_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_translate is None:
            return loc
        return self.swa_translate(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, topk: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self.topk = topk
        # The worker fetches the tree-mask scratch from the target backend
        # only; draft-side instances must not allocate it.
        self.is_draft_runner = model_runner.is_draft_worker

        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
        self.local_attn_builder = self._make_local_attn_builder()

    def _make_local_attn_builder(self) -> LocalAttentionMetadataBuilder:
        return LocalAttentionMetadataBuilder(
            page_size=self.page_size,
            device=self.device,
            swa_translate=(
                self.token_to_kv_pool.translate_loc_from_full_to_swa
                if self.use_sliding_window_kv_pool
                else None
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        page_table = self.local_attn_builder.build_page_table(loc)
        return self.token_to_kv_pool, page_table
