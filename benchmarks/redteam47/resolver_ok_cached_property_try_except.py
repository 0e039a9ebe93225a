"""Hybrid SWA backend that resolves its sliding-window pool lazily on first decode."""

import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.device = model_runner.device
        self.max_running_requests = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def _frozen_kv(self) -> bool:
        try:
            return bool(self._runner.spec_algorithm.is_frozen_kv_mtp())
        except AttributeError:
            # Older releases have no FROZEN_KV_MTP at all.
            return False

    @functools.cached_property
    def swa_kv_pool(self):
        pool = self._runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._runner.is_draft_worker and not self._frozen_kv():
            return None
        kvcache = self._runner.token_to_kv_pool_allocator.get_kvcache()
        logger.debug("kvcache from allocator: %s", type(kvcache).__name__)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, batch_size: int) -> None:
        if batch_size > self.max_running_requests:
            raise ValueError(f"batch {batch_size} exceeds {self.max_running_requests}")

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
