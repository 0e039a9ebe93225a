"""Decode backend with an explicit draft-worker branch in SWA pool lookup.

EAGLE draft workers carry their own KV pool but share the target's allocator,
so draft runners only ever look at their own pool. Frozen-KV MTP drafts read
the target cache and fall through to the shared lookup.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool()
        logger.debug("swa_kv_pool=%s", type(self.swa_kv_pool).__name__)

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return active if isinstance(active, SWAKVPool) else None
        if isinstance(active, SWAKVPool):
            return active
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
