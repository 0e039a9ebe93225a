"""Hybrid-SWA decode backend: resolve the SWA pool, then translate via the allocator if it serves it."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _LocRemapper:
    def __init__(self, allocator, swa_pool: Optional[SWAKVPool]):
        self.allocator = allocator
        self.swa_pool = swa_pool
        # The allocator's translate goes through its own kvcache. Use it only when
        # that kvcache is exactly the resolved pool; otherwise ask the pool.
        self.via_allocator = swa_pool is not None and allocator.get_kvcache() is swa_pool

    def remap(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        if self.via_allocator:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.remapper = _LocRemapper(
            model_runner.token_to_kv_pool_allocator,
            self._resolve_swa_kv_pool(model_runner),
        )
        self.window = getattr(model_runner, "sliding_window_size", None) or -1
        self.decode_buffers = {}
        logger.info(
            "swa=%s via_allocator=%s window=%d",
            self.remapper.swa_pool is not None,
            self.remapper.via_allocator,
            self.window,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not (model_runner.spec_algorithm.is_frozen_kv_mtp()):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.decode_buffers["out_loc"] = self.remapper.remap(forward_batch.out_cache_loc)

    def capture_buffers(self, max_bs: int):
        self.decode_buffers["out_loc"] = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        return self.kv_pool, self.remapper.remap(loc)
