"""Decode backend that keeps the allocator's window map as a graph buffer when it is the pool's."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    out_loc: torch.Tensor
    window_loc: torch.Tensor
    swa_map: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 4) or 4
        self.bufs = self._capture_buffers(self.max_bs * 4)

    def _shared_map(self) -> Optional[torch.Tensor]:
        alloc_map = getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
        pool_map = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        # The allocator writes this tensor and registers it on the cache it serves;
        # the same object on our pool proves the map indexes the KV we read.
        if alloc_map is not None and alloc_map is pool_map:
            return alloc_map
        if alloc_map is not None:
            logger.info("allocator window map is not this pool's; reading full KV")
        return None

    def _capture_buffers(self, num_tokens: int) -> GraphBuffers:
        return GraphBuffers(
            out_loc=torch.zeros(num_tokens, dtype=torch.int64, device=self.device),
            window_loc=torch.zeros(num_tokens, dtype=torch.int64, device=self.device),
            swa_map=self._shared_map(),
        )

    def init_forward_metadata(self, forward_batch):
        n = forward_batch.out_cache_loc.numel()
        self.bufs.out_loc[:n].copy_(forward_batch.out_cache_loc)

    def replay(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        self.bufs.out_loc[:n].copy_(loc)
        if self.bufs.swa_map is None:
            return self.bufs.out_loc[:n].clone()
        self.bufs.window_loc[:n].copy_(self.bufs.swa_map[self.bufs.out_loc[:n]])
        return self.bufs.window_loc[:n].clone()

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.replay(loc)
