"""Backend with a release hook that returns slots to the shared allocator; reads go through the runner's own pool."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._pool = model_runner.token_to_kv_pool
        self._released = 0
        self._window = type(self._pool) is SWAKVPool

    def release(self, loc: torch.Tensor) -> None:
        if loc.numel():
            self._allocator.free(loc)
            self._released += int(loc.numel())

    def forward_decode(self, loc):
        pool = self._pool
        if self._window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
