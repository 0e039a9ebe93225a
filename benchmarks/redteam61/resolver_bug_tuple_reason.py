"""Decode backend that records why SWA handling was enabled or skipped.

The resolver returns ``(pool, reason)``; callers may retry through the
allocator's cache when the active pool could not be used.
"""

import enum
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class Reason(enum.Enum):
    ACTIVE = "active"
    NOT_SWA = "not_swa"
    DRAFT = "draft"


def resolve_active_swa_pool(model_runner) -> Tuple[Optional[SWAKVPool], Reason]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool, Reason.ACTIVE
    if model_runner.is_draft_worker:
        return None, Reason.DRAFT
    return None, Reason.NOT_SWA


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        swa_pool, reason = resolve_active_swa_pool(model_runner)
        if swa_pool is None and reason is not Reason.NOT_SWA:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            swa_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.swa_pool, self.swa_reason = swa_pool, reason
        logger.info("SWA decode: %s (%s)", swa_pool is not None, reason.value)
        self.kv_indices_buf = torch.zeros(256, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if self.swa_pool is None:
            self.kv_indices_buf[:n] = loc
            return self.kv_pool, self.kv_indices_buf[:n]
        self.kv_indices_buf[:n] = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.kv_indices_buf[:n]
