"""FlashInfer-style decode backend with a dedicated sliding-window wrapper.

The number of decode wrappers follows the SWA slot budget reported by the
token allocator: a non-zero ``size_swa`` means a sliding-window region exists
and gets its own wrapper and CUDA-graph index buffer.
"""

from typing import List

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_slots = getattr(allocator, "size_swa", 0)
        self.num_wrappers = 2 if self.swa_slots else 1
        self.max_bs = max_bs
        self.cuda_graph_kv_indices: List[torch.Tensor] = []

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = [
            torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
            for _ in range(self.num_wrappers)
        ]

    def _indices_for_wrapper(self, wrapper_id: int, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.num_wrappers == 2 and wrapper_id == 0:
            return self.kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def init_forward_metadata_replay_cuda_graph(self, bs: int, kv_indices: torch.Tensor):
        for wrapper_id, buf in enumerate(self.cuda_graph_kv_indices):
            indices = self._indices_for_wrapper(wrapper_id, kv_indices)
            buf[: indices.numel()].copy_(indices)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if not self.cuda_graph_kv_indices:
            self.init_cuda_graph_state(self.max_bs, max(n, self.max_bs))
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        return self.kv_pool, self.cuda_graph_kv_indices[0][:n].clone()
