"""Decode backend: cuda-graph buffers sized from the SWA budget; the pool gates SWA."""

import logging
from dataclasses import dataclass, field
from typing import Dict

import torch

logger = logging.getLogger(__name__)


@dataclass
class CudaGraphBuffers:
    kv_indices: Dict[str, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.full_tokens = getattr(allocator, "size", 0)
        self.swa_tokens = getattr(allocator, "size_swa", 0)
        self.swa_enabled = getattr(self.pool, "size_swa", 0) > 0
        self.graph_buffers = CudaGraphBuffers()

    def init_cuda_graph_state(self):
        self.graph_buffers.kv_indices["full"] = torch.zeros((self.full_tokens,), dtype=torch.int64)
        if self.swa_tokens > 0:
            # sized for the shared allocator even on a draft that never uses it
            self.graph_buffers.kv_indices["swa"] = torch.zeros(
                (self.swa_tokens,), dtype=torch.int64
            )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.swa_enabled:
            return loc
        return self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        return self.pool, locations
