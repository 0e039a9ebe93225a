"""Decode backend that stages sliding-window indices in a persistent buffer.

The staging buffer is sized once at construction from the allocator's largest
index space (the sliding-window space on hybrid allocators) so CUDA graph
replays never reallocate. Which buffers are read is decided by the runner's pool.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MIN_STAGING_TOKENS = 256


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.max_bs = max_bs
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        staging_tokens = max(
            _MIN_STAGING_TOKENS,
            int(getattr(allocator, "size_swa", 0) or 0),
            int(allocator.size),
        )
        self.swa_loc_staging = torch.zeros(
            min(staging_tokens, max_bs * 1024), dtype=torch.int64, device=self.device
        )
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def _stage(self, swa_loc: torch.Tensor) -> torch.Tensor:
        n = swa_loc.numel()
        if n > self.swa_loc_staging.numel():
            return swa_loc
        out = self.swa_loc_staging[:n]
        out.copy_(swa_loc)
        return out

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self._stage(swa_loc)
