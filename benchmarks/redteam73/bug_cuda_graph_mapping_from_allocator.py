"""TRT-LLM MHA backend: fused cuda-graph metadata for SWA layers.

The raw full->swa index mapping tensor is read off the token allocator (which
owns and writes it) so that the in-graph gather always sees the live table.
"""

from __future__ import annotations

from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._swa_full_to_swa_mapping: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.use_sliding_window_kv_pool = self._swa_full_to_swa_mapping is not None
        self.cuda_graph_swa_page_table: Dict[int, torch.Tensor] = {}

    def _apply_cuda_graph_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        bs = loc.shape[0]
        buf = self.cuda_graph_swa_page_table.setdefault(
            bs, torch.zeros(bs, dtype=torch.int64, device=loc.device)
        )
        # gather + // page_size happen on device in the fused kernel
        buf.copy_(self._swa_full_to_swa_mapping[loc] // self.page_size * self.page_size)
        return buf.clone()

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._apply_cuda_graph_metadata(loc)
