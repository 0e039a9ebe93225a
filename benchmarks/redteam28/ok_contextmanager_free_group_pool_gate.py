"""Backend that batches slot frees through the allocator in a context manager; pool picks the window."""

import contextlib
import logging
from typing import Iterator, List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self.allocator.page_size
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self._pending: List[torch.Tensor] = []

    @contextlib.contextmanager
    def deferred_free(self) -> Iterator[List[torch.Tensor]]:
        """Group frees issued during a step so the allocator merges them once."""
        self.allocator.free_group_begin()
        try:
            yield self._pending
        finally:
            for indices in self._pending:
                self.allocator.free(indices)
            self._pending.clear()
            self.allocator.free_group_end()

    def release_draft_slots(self, indices: torch.Tensor):
        with self.deferred_free() as pending:
            pending.append(indices)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
