"""FlashAttention-3 decode backend with in-graph SWA page table support.

The sliding-window flag is computed once in ``__init__`` so that CUDA-graph
capture can size ``cuda_graph_swa_page_table`` up front. Replay copies the
translated SWA page indices into the captured buffer.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class FlashAttentionMetadata:
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 160, sliding_window_size: int = 1024):
        super().__init__()
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.sliding_window_size = sliding_window_size
        self.use_sliding_window_kv_pool = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.max_bs = max_bs
        self.cuda_graph_swa_page_table: Optional[torch.Tensor] = None
        self.forward_metadata = FlashAttentionMetadata()

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        self.cuda_graph_page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_page_table = torch.zeros_like(self.cuda_graph_page_table)

    def _translate_swa(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> FlashAttentionMetadata:
        md = FlashAttentionMetadata(max_seq_len_k=int(loc.numel()))
        md.page_table = (loc // self.page_size).unsqueeze(-1)
        if self.use_sliding_window_kv_pool:
            md.extras["swa_loc"] = self._translate_swa(loc)
            md.swa_page_table = (md.extras["swa_loc"] // self.page_size).unsqueeze(-1)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        is_swa_layer = self.sliding_window_size is not None and self.sliding_window_size > -1
        if is_swa_layer and "swa_loc" in md.extras:
            return self.token_to_kv_pool, md.extras["swa_loc"]
        return self.token_to_kv_pool, loc
