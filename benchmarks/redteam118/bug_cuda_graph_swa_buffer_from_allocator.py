"""CUDA-graph capable decode backend with a separate SWA out_cache_loc buffer.

The SWA buffer is only allocated for hybrid runs (detected from the allocator
type); during replay the translated locations are written into it in place.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 32):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.is_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.max_bs = max_bs
        self.cuda_graph_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self.cuda_graph_swa_out_cache_loc: Optional[torch.Tensor] = (
            torch.zeros(max_bs, dtype=torch.int64, device=self.device) if self.is_swa else None
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        self.cuda_graph_out_cache_loc[:bs].copy_(out_cache_loc)
        if self.cuda_graph_swa_out_cache_loc is not None:
            swa = self.allocator.translate_loc_from_full_to_swa(out_cache_loc)
            self.cuda_graph_swa_out_cache_loc[:bs].copy_(swa)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        if self.cuda_graph_swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.cuda_graph_swa_out_cache_loc[:bs].clone()
        return self.token_to_kv_pool, self.cuda_graph_out_cache_loc[:bs].clone()
