"""Backend with a constructor split across _init_* helpers.

The SWA decision lives in _init_swa and is taken from the pool this runner
reads; _init_metrics reports the allocator's capacities (target and draft share
one allocator, so the numbers there are global).
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self._init_cuda_graph_buffers()
        self._init_swa()
        self._init_metrics()

    def _init_cuda_graph_buffers(self):
        bs = getattr(self._runner, "max_running_requests", 1) or 1
        self.graph_cache_loc = torch.zeros(bs, dtype=torch.int64, device=self._runner.device)
        self.graph_swa_loc = None

    def _init_swa(self):
        match self.pool:
            case SWAKVPool():
                self.swa_mode = "window"
                self.graph_swa_loc = torch.zeros_like(self.graph_cache_loc)
            case _:
                self.swa_mode = "full"

    def _init_metrics(self):
        alloc = self._runner.token_to_kv_pool_allocator
        hybrid_alloc = isinstance(alloc, SWATokenToKVPoolAllocator)
        self.capacity_report = {
            "full": alloc.size,
            "swa": alloc.size_swa if hybrid_alloc else None,
            "allocator": type(alloc).__name__,
        }
        if hybrid_alloc and self.swa_mode == "full":
            logger.info("shared hybrid allocator, this worker reads a full-only pool")

    def forward_decode(self, loc):
        if self.swa_mode != "window":
            return self.pool, loc
        swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, swa_loc
