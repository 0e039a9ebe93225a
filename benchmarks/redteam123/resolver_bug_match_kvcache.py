"""SWA pool resolution for the decode backend, written as a match over candidates.

The active pool is preferred; when it is not a hybrid pool the allocator's cache is
consulted, since the allocator is shared across workers in speculative setups.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    match active:
        case SWAKVPool():
            return active
        case _:
            pass
    match model_runner.token_to_kv_pool_allocator.get_kvcache():
        case SWAKVPool() as shared:
            logger.debug("using allocator cache as SWA pool")
            return shared
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
