"""CUDA-graph decode backend that caches captured metadata under a key naming the KV classes."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import torch

logger = logging.getLogger(__name__)

GraphKey = Tuple[str, str, int, int]


@dataclass
class CapturedMetadata:
    kv_indices: torch.Tensor
    window_kv_indices: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.page_size = alloc.page_size
        # Captured graphs must not be reused across KV setups; the key names both classes.
        self._kv_kind = (type(alloc).__name__, type(self.pool).__name__)
        self.has_window = hasattr(self.pool, "swa_kv_pool")
        self._captured: Dict[GraphKey, CapturedMetadata] = {}

    def graph_key(self, bs: int) -> GraphKey:
        return (*self._kv_kind, self.page_size, bs)

    def init_forward_metadata_capture_cuda_graph(self, bs: int, num_tokens: int):
        key = self.graph_key(bs)
        if key in self._captured:
            return self._captured[key]
        indices = torch.zeros(num_tokens, dtype=torch.int64, device=self.device)
        window = torch.zeros_like(indices) if self.has_window else None
        self._captured[key] = CapturedMetadata(indices, window)
        logger.debug("captured decode metadata for %s", key)
        return self._captured[key]

    def forward_decode(self, loc):
        if self.has_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
