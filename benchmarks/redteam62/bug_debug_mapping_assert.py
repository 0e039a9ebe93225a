"""Hybrid sliding-window decode backend that validates the full->SWA mapping it reads
against the pool's registered mapping when debug checks are on."""

import logging
import os
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_DEBUG_KV_MAPPING = os.environ.get("SGLANG_DEBUG_SWA_MAPPING", "0") == "1"


class GeneratedAttnBackend:
    """Translates decode locations through the full->SWA index mapping."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            self.allocator, "full_to_swa_index_mapping", None
        )

    def _check_mapping(self, loc: torch.Tensor, swa_loc: torch.Tensor) -> None:
        registered = getattr(self.kv_pool, "full_to_swa_index_mapping", None)
        if registered is None:
            logger.debug("pool has no registered mapping; skipping check")
            return
        assert torch.equal(registered[loc], swa_loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.full_to_swa is None:
            return self.kv_pool, loc
        swa_loc = self.full_to_swa[loc]
        if _DEBUG_KV_MAPPING:
            self._check_mapping(loc, swa_loc)
        return self.kv_pool, swa_loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def kv_usage(self) -> str:
        return f"free={self.allocator.available_size()} total={self.allocator.size}"
