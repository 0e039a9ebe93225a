"""Sliding-window decode backend with batched KV release.

Retracted and finished requests hand their KV slots back in bulk: the
backend opens a free group on the shared allocator, frees every slot, and
closes the group once so the allocator merges the pages in one pass.
"""

import contextlib
import logging
from typing import Iterable, Iterator

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_releases: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.log_releases = log_releases
        self._released_tokens = 0

    @contextlib.contextmanager
    def batched_release(self) -> Iterator[None]:
        self.token_to_kv_pool_allocator.free_group_begin()
        try:
            yield
        finally:
            self.token_to_kv_pool_allocator.free_group_end()

    def release_requests(self, kv_indices: Iterable[torch.Tensor]) -> int:
        freed = 0
        with self.batched_release():
            for indices in kv_indices:
                if indices.numel() == 0:
                    continue
                self.token_to_kv_pool_allocator.free(indices)
                freed += int(indices.numel())
        self._released_tokens += freed
        if self.log_releases:
            logger.info(
                "released %d tokens, allocator now %s",
                freed,
                self.token_to_kv_pool_allocator.debug_print(),
            )
        return freed

    def _sliding_window_pool(self):
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self._sliding_window_pool()
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
