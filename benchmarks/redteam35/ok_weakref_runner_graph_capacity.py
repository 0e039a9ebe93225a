"""Backend holding a weak runner handle; graph capacity comes from the shared allocator."""

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner_ref = weakref.ref(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._capture_bs: Optional[int] = None

    @property
    def allocator(self):
        return self._runner_ref().token_to_kv_pool_allocator

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def can_run_cuda_graph(self, bs: int) -> bool:
        free = self.allocator.available_size()
        if hasattr(self.allocator, "swa_available_size"):
            free = min(free, self.allocator.swa_available_size())
        return bs <= free

    def forward_decode(self, loc: torch.Tensor):
        if self._capture_bs is None:
            self._capture_bs = loc.numel() if self.can_run_cuda_graph(loc.numel()) else 0
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
