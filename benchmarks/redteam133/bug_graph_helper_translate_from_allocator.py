"""CUDA-graph replay helper for the decode path.

The helper is given both KV handles: the KV pool, whose buffers are captured into the
graph, and the allocator, which it uses for index translation on hybrid models.
"""

from typing import Tuple

import torch


class DecodeCudaGraphHelper:
    def __init__(self, kv_pool, allocator, max_bs: int = 160):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.max_bs = max_bs
        self.translate = hasattr(allocator, "translate_loc_from_full_to_swa")

    def prepare_replay(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.translate:
            return self.allocator.translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.graph_helper = DecodeCudaGraphHelper(
            self.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            max_bs=max_bs,
        )

    def init_forward_metadata_replay_cuda_graph(self, out_cache_loc: torch.Tensor):
        return self.graph_helper.prepare_replay(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        locations = self.init_forward_metadata_replay_cuda_graph(loc)
        return self.graph_helper.kv_pool, locations
