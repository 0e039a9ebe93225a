"""Triton-style decode backend that periodically logs KV allocator statistics.

Every ``log_interval`` decode steps the allocator's ``debug_print()`` string is
emitted together with the step counter. This mirrors the scheduler's periodic
decode log but from inside the attention backend, which is handy when
debugging speculative workers.
"""

import logging
import time

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_interval: int = 64):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.log_interval = max(1, log_interval)
        self.num_decode_steps = 0
        self.last_log_time = time.monotonic()

        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.use_sliding_window_kv_pool = isinstance(pool, SWAKVPool)
        role = "draft" if model_runner.is_draft_worker else "target"
        logger.info(
            "[%s] decode backend ready: pool=%s allocator=%s %s",
            role,
            type(pool).__name__,
            type(self.allocator).__name__,
            self.allocator.debug_print(),
        )

    def _maybe_log_stats(self) -> None:
        self.num_decode_steps += 1
        if self.num_decode_steps % self.log_interval:
            return
        now = time.monotonic()
        elapsed = now - self.last_log_time
        self.last_log_time = now
        logger.info(
            "decode step %d (%.2fs since last): %s available=%d",
            self.num_decode_steps,
            elapsed,
            self.allocator.debug_print(),
            self.allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log_stats()
        if self.use_sliding_window_kv_pool:
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
            return self.kv_pool, swa_loc
        return self.kv_pool, loc
