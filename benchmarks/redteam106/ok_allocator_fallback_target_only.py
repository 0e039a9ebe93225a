"""Decode backend that can find the sliding-window pool behind the shared allocator.

Some deployments wrap the target's KV pool (e.g. for host offload) so the runner's attribute
is not the `SWAKVPool` itself; the allocator still holds the unwrapped pool. Draft workers
keep their own cache and never take that fallback.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa: Optional[SWAKVPool] = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        if swa is None and not model_runner.is_draft_worker:
            unwrapped = allocator.get_kvcache()
            if isinstance(unwrapped, SWAKVPool):
                logger.info("using SWA pool from allocator (wrapped %s)", type(self.kv_pool))
                swa = unwrapped
        self.swa_kv_pool = swa

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
