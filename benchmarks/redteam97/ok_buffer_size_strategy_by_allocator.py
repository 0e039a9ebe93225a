"""Workspace sizing strategies for the split-KV decode kernel.

The scratch buffer is sized from the allocator's capacity (hybrid allocators
expose a smaller sliding-window capacity). Sizing is the only thing the
allocator decides here.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _size_from_window(allocator) -> int:
    return int(allocator.size_swa)


def _size_from_total(allocator) -> int:
    return int(allocator.size)


WORKSPACE_SIZERS: Dict[bool, Callable[[object], int]] = {
    True: _size_from_window,
    False: _size_from_total,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 4):
        allocator = model_runner.token_to_kv_pool_allocator
        sizer = WORKSPACE_SIZERS[hasattr(allocator, "size_swa")]
        self.max_tokens = sizer(allocator)
        self.num_kv_splits = num_kv_splits
        self.workspace = torch.empty(
            (min(self.max_tokens, 1024), num_kv_splits), dtype=torch.float32, device="cpu"
        )
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        logger.debug("decode workspace %s via %s", tuple(self.workspace.shape), sizer.__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
