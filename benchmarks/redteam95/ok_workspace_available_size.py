"""Decode backend with an allocator-sized split-KV workspace.

The workspace scales with the number of tokens the allocator can still hand out,
clamped to a fixed ceiling; sliding-window layers read through the hybrid pool when
the runner's own cache is one.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_WORKSPACE_CEIL = 1 << 20
_BYTES_PER_TOKEN = 4


def workspace_bytes(allocator, num_splits: int) -> int:
    free_tokens = allocator.available_size()
    window_free = getattr(allocator, "swa_available_size", allocator.available_size)()
    return min(_WORKSPACE_CEIL, max(free_tokens, window_free) * num_splits * _BYTES_PER_TOKEN)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_splits: int = 8):
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        nbytes = workspace_bytes(model_runner.token_to_kv_pool_allocator, num_splits)
        self.workspace = torch.empty(nbytes, dtype=torch.uint8)
        logger.debug(
            "allocated %d-byte decode workspace (swa=%s)", nbytes, self.swa_pool is not None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
