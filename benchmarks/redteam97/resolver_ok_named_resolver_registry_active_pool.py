"""Named SWA pool resolvers.

Backends pick a resolver by name (``"active_pool"`` by default). Additional
resolvers can be registered by hardware plugins.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

SWA_POOL_RESOLVERS: Dict[str, Callable[[object], Optional[SWAKVPool]]] = {}


def register_swa_resolver(name: str, fn: Callable[[object], Optional[SWAKVPool]]) -> None:
    SWA_POOL_RESOLVERS[name] = fn


def _resolve_active_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    return None


def _resolve_disabled(model_runner) -> Optional[SWAKVPool]:
    return None


register_swa_resolver("active_pool", _resolve_active_pool)
register_swa_resolver("disabled", _resolve_disabled)


class GeneratedAttnBackend:
    def __init__(self, model_runner, swa_resolver: str = "active_pool"):
        try:
            resolver = SWA_POOL_RESOLVERS[swa_resolver]
        except KeyError as e:
            raise ValueError(f"unknown SWA resolver {swa_resolver!r}") from e
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolver(model_runner)
        logger.debug("resolver %s -> %s", swa_resolver, type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
