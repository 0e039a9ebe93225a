"""Backend whose SWA-pool resolver unpacks an (allowed, reason) answer before deciding."""

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class ShareDecision(NamedTuple):
    allowed: bool
    reason: str


def share_decision(model_runner) -> ShareDecision:
    if not model_runner.is_draft_worker:
        return ShareDecision(True, "target worker")
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return ShareDecision(True, "frozen-kv MTP draft")
    return ShareDecision(False, "draft worker with its own pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
        self.page_size = model_runner.page_size
        self.cu_seqlens_k = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        allowed, reason = share_decision(model_runner)
        logger.debug("shared window pool: %s (%s)", allowed, reason)
        if not allowed:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
