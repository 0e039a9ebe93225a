"""Decode backend with an allocator free-group hook held by weak reference."""

import contextlib
import logging
import weakref
from typing import Iterator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        self._window = isinstance(self.kv_pool, SWAKVPool)
        self.freed_groups = 0

    @contextlib.contextmanager
    def batched_free(self) -> Iterator[None]:
        allocator = self._allocator_ref()
        if allocator is None:
            yield
            return
        allocator.free_group_begin()
        try:
            yield
        finally:
            allocator.free_group_end()
            self.freed_groups += 1

    def _window_translate(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def on_requests_finished(self, indices_list):
        # Release every finished request's slots in one grouped free.
        with self.batched_free():
            allocator = self._allocator_ref()
            for indices in indices_list:
                if allocator is not None:
                    allocator.free(indices)
        logger.debug("freed %d requests (%d groups)", len(indices_list), self.freed_groups)

    def forward_decode(self, loc):
        if self._window:
            loc = self._window_translate(loc)
        return self.kv_pool, loc
