"""Lazily-resolved SWA pool for the Ascend-compatible decode path.

The pool is looked up through a getter bound with ``functools.partial`` so that
memory-saver pause/resume, which swaps buffers, is picked up on the next step.
"""

import functools
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _current_swa(*, kvcache_getter: Callable[[], object]) -> Optional[SWAKVPool]:
    kv = kvcache_getter()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, lazy: bool = True):
        self.lazy = lazy
        self.default_pool = model_runner.token_to_kv_pool
        self._lookup = functools.partial(
            _current_swa, kvcache_getter=model_runner.token_to_kv_pool_allocator.get_kvcache
        )

    def forward_decode(self, loc: torch.Tensor):
        swa = self._lookup()
        if swa is None:
            return self.default_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
