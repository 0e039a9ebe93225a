"""Decode backend refactored to early returns, keeping a weak reference to the allocator for frees."""

import logging
import weakref
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeState:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = weakref.proxy(model_runner.token_to_kv_pool_allocator)
        self.page_size = self._allocator.page_size
        self.state: Optional[DecodeState] = None

    def release(self, loc: torch.Tensor):
        """Return slots of an aborted step to the shared allocator."""
        self._allocator.free(loc)

    def _swa_out_cache_loc(self, out_cache_loc: torch.Tensor) -> Optional[torch.Tensor]:
        pool = self.token_to_kv_pool
        if not isinstance(pool, SWAKVPool):
            return None
        if pool.swa_layer_nums == 0:
            return None
        return pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        self.state = DecodeState(out_cache_loc=loc, swa_out_cache_loc=self._swa_out_cache_loc(loc))
        if self.state.swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.state.swa_out_cache_loc
