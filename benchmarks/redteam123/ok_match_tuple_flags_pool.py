"""Interleaved attention backend: per-step cache addressing.

Layout flags are gathered at construction and matched as a tuple. The window flag
comes from the pool this worker owns; server args may force full addressing.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._layout: Tuple[bool, bool] = (
            isinstance(self.token_to_kv_pool, SWAKVPool),
            bool(model_runner.server_args.disable_hybrid_swa_memory),
        )
        allocator = model_runner.token_to_kv_pool_allocator
        if getattr(allocator, "debug_print", None) is not None:
            logger.debug("allocator state: %s", allocator.debug_print())

    def forward_decode(self, loc: torch.Tensor):
        match self._layout:
            case (True, False):
                locations = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            case (True, True) | (False, _):
                locations = loc
            case _:
                raise RuntimeError(f"unexpected layout {self._layout}")
        return self.token_to_kv_pool, locations
