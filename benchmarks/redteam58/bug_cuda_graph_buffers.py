"""Sliding-window decode backend with preallocated cuda-graph index buffers.

Capture buffers are sized from the allocator's capacity so that replay never
reallocates; the SWA index buffer exists only for a hybrid sliding-window cache.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

DEFAULT_MAX_BS = 160


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = "cpu"
        self.max_bs = getattr(model_runner, "max_bs", None) or DEFAULT_MAX_BS
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.max_kv_tokens = max(allocator.size_full, allocator.size_swa)
        else:
            self.max_kv_tokens = allocator.size

        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.cuda_graph_kv_indices = torch.zeros(
            (self.max_bs,), dtype=torch.int64, device=self.device
        )
        self.cuda_graph_swa_kv_indices: Optional[torch.Tensor] = None
        self.full_to_swa = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.cuda_graph_swa_kv_indices = torch.zeros_like(self.cuda_graph_kv_indices)
            self.full_to_swa = allocator.full_to_swa_index_mapping

    def init_cuda_graph_state(self, max_bs: int) -> None:
        if max_bs > self.max_bs:
            self.max_bs = max_bs
            self.cuda_graph_kv_indices = torch.zeros((max_bs,), dtype=torch.int64)
            if self.cuda_graph_swa_kv_indices is not None:
                self.cuda_graph_swa_kv_indices = torch.zeros((max_bs,), dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        self.cuda_graph_kv_indices[:bs].copy_(loc)
        if self.cuda_graph_swa_kv_indices is not None:
            swa = self.full_to_swa[loc]
            self.cuda_graph_swa_kv_indices[:bs].copy_(swa)
            return self.token_to_kv_pool, self.cuda_graph_swa_kv_indices[:bs]
        return self.token_to_kv_pool, self.cuda_graph_kv_indices[:bs]
