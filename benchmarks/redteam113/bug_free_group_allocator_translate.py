"""Sliding-window decode backend with batched KV release.

Finished requests return their slots inside a single allocator free group so
page merging happens once per step. The sliding-window index remap goes
through the same allocator object that owns the full-to-SWA mapping table.
"""

import contextlib
import logging
from typing import Iterable, Iterator

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_releases: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.log_releases = log_releases
        self._released_tokens = 0
        self._remaps_swa = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )

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
            logger.info("released %d tokens", freed)
        return freed

    def forward_decode(self, loc: torch.Tensor):
        if not self._remaps_swa:
            return self.token_to_kv_pool, loc
        swa_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
