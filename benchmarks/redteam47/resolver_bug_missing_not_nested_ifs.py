"""Sliding-window backend whose resolver reads the runner it stored at construction."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.device = model_runner.device
        self.req_to_token = None
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()
        if self.swa_kv_pool is not None:
            logger.info("SWA decode enabled (size_swa=%s)", self._swa_size())

    def _swa_size(self):
        return getattr(self.runner.token_to_kv_pool_allocator, "size_swa", None)

    def _resolve_swa_pool(self):
        pool = self.runner.token_to_kv_pool
        if not isinstance(pool, SWAKVPool):
            if self.runner.is_draft_worker:
                spec = self.runner.spec_algorithm
                if hasattr(spec, "is_frozen_kv_mtp"):
                    if spec.is_frozen_kv_mtp():
                        # Regular draft: its own full-only pool, not the target's.
                        return None
                else:
                    return None
            kvcache = self.runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
            return None
        return pool

    def init_forward_metadata(self, forward_batch) -> None:
        self.req_to_token = getattr(forward_batch, "req_to_token", None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
