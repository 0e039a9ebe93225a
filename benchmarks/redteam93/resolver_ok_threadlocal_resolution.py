"""Thread-local SWA pool binding for decode helpers.

The backend resolves the SWA pool once per step and publishes it on a
``threading.local`` so helper functions launched from the same thread can
pick it up. The binding is cleared when the step scope exits.
"""

import contextlib
import threading
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_tls = threading.local()


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    is_shared_kv_draft = model_runner.spec_algorithm.is_frozen_kv_mtp()
    if model_runner.is_draft_worker and not is_shared_kv_draft:
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


@contextlib.contextmanager
def bind_swa_pool(pool: Optional[SWAKVPool]) -> Iterator[None]:
    prev = getattr(_tls, "swa_pool", None)
    _tls.swa_pool = pool
    try:
        yield
    finally:
        _tls.swa_pool = prev


def current_swa_pool() -> Optional[SWAKVPool]:
    return getattr(_tls, "swa_pool", None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with bind_swa_pool(_resolve_swa_pool(self.model_runner)):
            swa_pool = current_swa_pool()
            if swa_pool is not None:
                return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, loc
