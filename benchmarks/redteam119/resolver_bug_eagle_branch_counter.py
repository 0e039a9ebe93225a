"""Decode backend with an instrumented SWA pool resolver.

Each resolution branch is counted so startup logs show how the window pool
was found (own pool, speculative draft, none).
"""

import logging
from collections import Counter
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_RESOLVE_BRANCHES: Counter = Counter()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        _RESOLVE_BRANCHES["own_pool"] += 1
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_eagle():
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            _RESOLVE_BRANCHES["draft_shared"] += 1
            return shared
    _RESOLVE_BRANCHES["none"] += 1
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info("swa pool resolution counts: %s", dict(_RESOLVE_BRANCHES))

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
