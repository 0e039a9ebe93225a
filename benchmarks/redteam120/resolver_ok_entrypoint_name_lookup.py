"""Entry-point style lookup of KV pool adapters by pool class name.

Adapters are declared in ``KV_POOL_ADAPTERS`` as ``"PoolClassName": "callable"``
strings (mirroring how ``pyproject`` entry points are written) and resolved on
first use.  The SWA pool a backend should read is resolved from the runner's
active pool, falling back to the allocator's cache only where the runner reads
the target's KV directly.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

KV_POOL_ADAPTERS: Dict[str, str] = {
    "SWAKVPool": "translate_swa",
    "MHATokenToKVPool": "passthrough",
}


def passthrough(pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


def translate_swa(pool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


_ADAPTER_FUNCS: Dict[str, Callable] = {fn.__name__: fn for fn in (passthrough, translate_swa)}


def load_adapter(pool_cls_name: str) -> Callable:
    target = KV_POOL_ADAPTERS.get(pool_cls_name, "passthrough")
    return _ADAPTER_FUNCS[target]


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, adapter_override: Optional[str] = None):
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.read_pool = self.swa_pool if self.swa_pool is not None else self.full_pool
        name = adapter_override or type(self.read_pool).__name__
        self._adapter = load_adapter(name)
        logger.debug("KV adapter %s -> %s", name, self._adapter.__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.read_pool, self._adapter(self.read_pool, loc)
