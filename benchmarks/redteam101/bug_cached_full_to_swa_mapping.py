"""CUDA-graph friendly decode backend.

The full-to-SWA index table is captured once at init so replayed graphs can
gather window locations without a Python-side method call per step.
"""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 2,
        topk: int = 4,
        max_num_tokens: int = 2048,
    ):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk

        is_draft = model_runner.is_draft_worker
        graph_tokens = max_num_tokens * (topk if is_draft else 1)
        self.cuda_graph_kv_indices = torch.zeros(graph_tokens, dtype=torch.int64)
        self.spec_enabled = not model_runner.spec_algorithm.is_none()

    def _gather(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return loc
        return self.full_to_swa[loc]

    def forward_decode(self, loc: torch.Tensor):
        locs = self._gather(loc)
        self.cuda_graph_kv_indices[: locs.numel()].copy_(locs)
        return self.kv_pool, locs

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.kv_pool, self._gather(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        if not self.spec_enabled:
            raise RuntimeError("target verify requires speculative decoding")
        return self.kv_pool, self._gather(loc)
