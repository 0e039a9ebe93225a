"""Multi-step draft decode backend (one sub-backend per speculative step).

All steps bind the cache managed by the token allocator so that draft steps
and the verify pass index one consistent set of KV buffers.
"""

from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _StepBackend:
    def __init__(self, kv_pool, device, step_id: int):
        self.kv_pool = kv_pool
        self.device = device
        self.step_id = step_id
        self.kv_indices = None

    def init_cuda_graph_state(self, max_num_tokens: int):
        self.kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        if isinstance(self.kv_pool, SWAKVPool):
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        self.kv_indices[: loc.numel()].copy_(loc)
        return self.kv_indices[: loc.numel()]


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, max_tokens: int = 16):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = allocator.get_kvcache()
        self.max_tokens = max_tokens
        self.step_backends: List[_StepBackend] = [
            _StepBackend(self.kv_pool, model_runner.device, i) for i in range(speculative_num_steps)
        ]
        self._graph_ready = False

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        for step in self.step_backends:
            step.init_cuda_graph_state(max_num_tokens)
        self._graph_ready = True

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        return [step.init_forward_metadata_replay_cuda_graph(loc) for step in self.step_backends]

    def forward_decode(self, loc: torch.Tensor):
        if not self._graph_ready:
            self.init_cuda_graph_state(loc.numel(), max(self.max_tokens, loc.numel()))
        per_step = self.init_forward_metadata_replay_cuda_graph(loc.numel(), loc)
        return self.kv_pool, per_step[0].clone()
