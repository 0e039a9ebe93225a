"""Decode backend that gathers SWA locations through the allocator's index mapping."""

import logging
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # Keep a direct handle on the full->SWA table: indexing a tensor is
        # cheaper than a method call per layer and is CUDA-graph friendly.
        self._mapping: Optional[torch.Tensor] = getattr(
            self.allocator, "full_to_swa_index_mapping", None
        )
        self._steps = 0

    def metrics(self) -> Dict[str, float]:
        out: Dict[str, float] = {"decode_steps": float(self._steps)}
        if self._mapping is not None and self._mapping.numel() > 0:
            mapped = int((self._mapping > 0).sum().item())
            out["swa_mapping_occupancy"] = mapped / float(self._mapping.numel())
        return out

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self._steps % 1000 == 0:
            logger.info("attention metrics: %s", self.metrics())
        if self._mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._mapping[loc]

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
