"""KV pool providers registered as plugin hooks.

Providers are appended with ``register_pool_provider`` and queried in registration order; the
first provider that returns an SWA-capable cache is used, otherwise the backend reads the
runner's own pool.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

PoolProvider = Callable[[object], Optional[object]]
POOL_PROVIDERS: List[PoolProvider] = []


def register_pool_provider(fn: PoolProvider) -> PoolProvider:
    POOL_PROVIDERS.append(fn)
    return fn


@register_pool_provider
def shared_allocator_cache(model_runner):
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


@register_pool_provider
def runner_pool(model_runner):
    return model_runner.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, providers: Optional[List[PoolProvider]] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        for provider in providers or POOL_PROVIDERS:
            candidate = provider(model_runner)
            if isinstance(candidate, SWAKVPool):
                self.swa_pool = candidate
                logger.debug("swa pool from provider %s", provider.__name__)
                break

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
