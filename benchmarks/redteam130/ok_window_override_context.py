"""Decode KV view with a scoped window override.

``window_disabled()`` is a context manager that temporarily routes decode
through the full index space (used for the capture dry run in ``__init__``)
and restores the previous binding on exit. The saved binding is the pool this
backend resolved from the runner's active KV pool.
"""

import contextlib
import logging
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, dry_run: bool = True):
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        if dry_run:
            with self.window_disabled():
                self._dry_run()

    def _dry_run(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        logger.debug("decode dry run, allocator state: %s", allocator.debug_print())

    @contextlib.contextmanager
    def window_disabled(self) -> Iterator[None]:
        saved = self.swa_pool
        self.swa_pool = None
        try:
            yield
        finally:
            self.swa_pool = saved

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
