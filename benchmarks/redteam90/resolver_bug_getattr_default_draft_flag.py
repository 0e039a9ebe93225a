"""SWA pool resolution for decode backends, tolerant of partial runners.

Unit tests construct lightweight runner stand-ins, so the draft/spec lookups
go through ``getattr`` with defaults rather than raising.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = getattr(model_runner, "token_to_kv_pool", None)
    if isinstance(pool, SWAKVPool):
        return pool

    is_draft = bool(getattr(model_runner, "is_draft", False))
    spec_algorithm = getattr(model_runner, "spec_algorithm", None)
    frozen = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
    if is_draft and not frozen:
        return None

    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    if allocator is None:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
