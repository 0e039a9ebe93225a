"""CUDA-graph friendly decode backend for hybrid sliding-window models.

Captured graphs index a static mirror of the full->SWA table instead of a tensor that may
be reallocated. The mirror is sized from, and refreshed from, the token allocator that
maintains the table; the allocator's free count is exported for capture heuristics.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class GraphBuffers:
    swa_index_mapping: Optional[torch.Tensor] = None
    free_tokens_at_capture: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_graph_buffers: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.graph = GraphBuffers()
        if enable_graph_buffers and isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.graph.swa_index_mapping = torch.empty_like(
                self.allocator.full_to_swa_index_mapping
            )

    def init_forward_metadata_replay_cuda_graph(self) -> None:
        self.graph.free_tokens_at_capture = self.allocator.available_size()
        if self.graph.swa_index_mapping is not None:
            self.graph.swa_index_mapping.copy_(self.allocator.full_to_swa_index_mapping)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata_replay_cuda_graph()
        mapping = self.graph.swa_index_mapping
        if mapping is None:
            return self.pool, loc
        return self.pool, mapping[loc]
