"""Decode backend resolving its SWA pool with a match over (reads target KV, draft worker)."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        # Scratch buffer for translated locations, reused across decode steps.
        self._swa_loc_buf = torch.empty(
            model_runner.max_running_requests * 4, dtype=torch.int64, device=self.device
        )

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        is_draft = bool(model_runner.is_draft_worker)
        reads_target = bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
        match (reads_target, is_draft):
            case (True, False):
                logger.debug("draft worker with its own KV pool; no SWA view")
                return None
            case _:
                kvcache = self.allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        out = self._swa_loc_buf[: loc.numel()]
        out.copy_(self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
        return self.swa_kv_pool, out
