"""Scoped SWA-pool resolution for decode.

``swa_pool_scope`` resolves the sliding-window pool for the step, exposes
it to the body of the ``with`` block and drops the reference afterwards so
the backend never holds on to a pool between steps.
"""

import contextlib
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    # Wrapped pools (e.g. host-offload proxies) hide the SWA pool; fall back to
    # the cache the allocator was constructed with.
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool: Optional[SWAKVPool] = None

    @contextlib.contextmanager
    def swa_pool_scope(self) -> Iterator[Optional[SWAKVPool]]:
        self._swa_pool = resolve_swa_pool(self.model_runner)
        try:
            yield self._swa_pool
        finally:
            self._swa_pool = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self.swa_pool_scope() as swa_pool:
            if swa_pool is None:
                return self.token_to_kv_pool, loc
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
