"""Per-algorithm SWA pool resolvers looked up from a dispatch table.

Resolution first honours an SWA active pool.  Otherwise the speculative
algorithm selects a resolver: frozen-KV MTP drafts keep to their own cache,
other runners use the SWA cache behind the shared allocator.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _own_cache_only(runner) -> Optional[SWAKVPool]:
    return None


def _shared_allocator_cache(runner) -> Optional[SWAKVPool]:
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_RESOLVERS: Dict[str, Callable[[object], Optional[SWAKVPool]]] = {
    "frozen_kv_mtp_draft": _own_cache_only,
    "default": _shared_allocator_cache,
}


def _resolver_key(runner) -> str:
    if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
        return "frozen_kv_mtp_draft"
    return "default"


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    active = runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    key = _resolver_key(runner)
    logger.debug("swa resolver: %s", key)
    return _RESOLVERS[key](runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
