"""CUDA-graph decode backend whose SWA buffers are sized from the allocator's window capacity."""

import logging
from dataclasses import dataclass, field
from typing import Dict

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    max_bs: int
    tensors: Dict[str, torch.Tensor] = field(default_factory=dict)


def _window_capacity(allocator) -> int:
    # size_swa only exists on hybrid allocators; 0 means "no window buffers".
    return int(getattr(allocator, "size_swa", 0) or 0)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.window_capacity = _window_capacity(allocator)
        self.page_size = allocator.page_size
        self.swa_enabled = hasattr(self.kv_pool, "translate_loc_from_full_to_swa")
        self.graph = None
        if not model_runner.server_args.disable_cuda_graph:
            self.init_cuda_graph_state(model_runner.max_running_requests)

    def init_cuda_graph_state(self, max_bs: int):
        self.graph = GraphBuffers(max_bs=max_bs)
        self.graph.tensors["out_cache_loc"] = torch.zeros(
            max_bs, dtype=torch.int64, device=self.device
        )
        if self.window_capacity:
            # Allocated whenever the allocator has a window, even if this
            # worker's pool turns out to be full-only; it is small.
            self.graph.tensors["swa_out_cache_loc"] = torch.zeros(
                max_bs, dtype=torch.int64, device=self.device
            )
        logger.debug("graph buffers: %s", sorted(self.graph.tensors))

    def forward_decode(self, loc):
        if self.swa_enabled:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
