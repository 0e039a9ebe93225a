"""Decode backend with an optional full->SWA index cross-check.

When ``SGLANG_ATTN_DEBUG_SWA_INDEX`` is set, the sliding-window locations are
additionally recomputed through the hybrid allocator and compared with the
ones produced by the runner's pool; mismatches are logged. The attention step
always uses the pool's own translation.
"""

import logging
import os

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "0").lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug_check: bool = None):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.debug_check = (
            _env_flag("SGLANG_ATTN_DEBUG_SWA_INDEX") if debug_check is None else debug_check
        )
        self.num_mismatches = 0

    def _crosscheck(self, loc: torch.Tensor, swa_loc: torch.Tensor) -> None:
        if not isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return
        ref = self.allocator.translate_loc_from_full_to_swa(loc)
        if not torch.equal(ref.to(swa_loc.device), swa_loc):
            self.num_mismatches += 1
            logger.warning(
                "SWA index mismatch between allocator and pool (%d so far)",
                self.num_mismatches,
            )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.model_runner.token_to_kv_pool
        if not isinstance(pool, SWAKVPool):
            return pool, loc
        swa_loc = pool.translate_loc_from_full_to_swa(loc)
        if self.debug_check:
            self._crosscheck(loc, swa_loc)
        return pool, swa_loc
