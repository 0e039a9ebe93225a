"""Decode backend with optional KV occupancy logging.

``server_args.enable_swa_pool_stats`` (absent on older configs) turns on a
periodic occupancy line sourced from the allocator's counters.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LOG_EVERY_N_STEPS = 256


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.log_pool_stats = bool(
            getattr(model_runner.server_args, "enable_swa_pool_stats", False)
        )
        self._step = 0
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def _maybe_log_stats(self) -> None:
        self._step += 1
        if not self.log_pool_stats or self._step % _LOG_EVERY_N_STEPS:
            return
        allocator = self.model_runner.token_to_kv_pool_allocator
        swa_cap = getattr(allocator, "size_swa", None)
        logger.info(
            "kv occupancy: available=%s swa_capacity=%s %s",
            allocator.available_size(),
            swa_cap,
            allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log_stats()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
