"""CUDA graph capture for hybrid SWA decode (flashinfer wrapper).

Captured graphs need a second static index buffer for the sliding-window
sub-pool. Its size follows the allocator's SWA capacity.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class SWAGraphState:
    def __init__(self, max_bs: int, swa_capacity: int, device):
        self.max_bs = max_bs
        self.swa_capacity = swa_capacity
        self.swa_indices = torch.zeros(max_bs, dtype=torch.int64, device=device)

    def stage(self, swa_loc: torch.Tensor) -> torch.Tensor:
        bs = swa_loc.numel()
        self.swa_indices[:bs].copy_(swa_loc)
        return self.swa_indices[:bs]


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.has_swa = hasattr(allocator, "size_swa")
        self.graph_state: Optional[SWAGraphState] = None
        self.swa_pool: Optional[KVCache] = None
        if self.has_swa:
            self.swa_pool = allocator.get_kvcache()
            self.graph_state = SWAGraphState(max_bs, allocator.size_swa, self.device)
            logger.info("SWA graph state: max_bs=%d swa_capacity=%d", max_bs, allocator.size_swa)

    def forward_decode(self, loc: torch.Tensor):
        if not self.has_swa:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.graph_state.stage(swa_loc).clone()
