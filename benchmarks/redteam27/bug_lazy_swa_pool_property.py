"""Decode backend that resolves its sliding-window pool lazily through a property."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.decode_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        # Resolved on access so that a pool swapped in after construction is picked up.
        kv = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def _decode_loc(self, loc: torch.Tensor) -> torch.Tensor:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return loc
        return swa_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        n = out_cache_loc.shape[0]
        self.decode_loc_buf[:n].copy_(self._decode_loc(out_cache_loc))

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self._decode_loc(loc)
        return self.token_to_kv_pool, loc
