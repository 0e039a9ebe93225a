"""Decode KV view with a scoped window override.

``window_disabled()`` temporarily routes decode through the full index space
(the capture dry run in ``__init__`` uses it). On exit the window binding is
re-established from the hybrid cache registered on the token allocator, which
is the canonical handle after capture may have re-registered mappings.
"""

import contextlib
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, dry_run: bool = True):
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.dry_runs = 0
        if dry_run:
            with self.window_disabled():
                self.dry_runs += 1

    @contextlib.contextmanager
    def window_disabled(self) -> Iterator[None]:
        self.swa_pool = None
        try:
            yield
        finally:
            cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
