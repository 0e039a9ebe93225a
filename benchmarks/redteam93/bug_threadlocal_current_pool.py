"""Per-thread "current KV pool" used by decode helpers.

Several kernels launched during a decode step need the KV pool but do not
receive it explicitly; the backend publishes it on a ``threading.local``
for the duration of the step and clears it afterwards.
"""

import contextlib
import threading
from typing import Iterator, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_state = threading.local()


@contextlib.contextmanager
def current_kv_pool(pool: KVCache) -> Iterator[None]:
    prev = getattr(_state, "pool", None)
    _state.pool = pool
    try:
        yield
    finally:
        _state.pool = prev


def get_current_kv_pool() -> KVCache:
    pool = getattr(_state, "pool", None)
    if pool is None:
        raise RuntimeError("no KV pool bound to this thread")
    return pool


def _read_locations(loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    pool = get_current_kv_pool()
    if isinstance(pool, SWAKVPool):
        return pool, pool.translate_loc_from_full_to_swa(loc)
    return pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        step_pool = self.token_to_kv_pool_allocator.get_kvcache()
        with current_kv_pool(step_pool):
            return _read_locations(loc)
