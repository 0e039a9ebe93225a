"""Decode backend that reports KV occupancy per speculative step.

Occupancy numbers come from the token allocator; the KV read path itself is
bound to the pool attached to this runner.
"""

import logging
import time

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 3,
        topk: int = 1,
        log_interval_s: float = 30.0,
    ):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.pool, SWAKVPool)
        self.role = "draft" if model_runner.is_draft_worker else "target"
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.log_interval_s = log_interval_s
        self._last_log = 0.0
        self.decode_steps = 0

    def _maybe_log(self) -> None:
        now = time.monotonic()
        if now - self._last_log < self.log_interval_s:
            return
        self._last_log = now
        logger.info(
            "[%s] decode_steps=%d allocator=%s free=%d %s",
            self.role,
            self.decode_steps,
            type(self.allocator).__name__,
            self.allocator.available_size(),
            self.allocator.debug_print() if hasattr(self.allocator, "debug_print") else "",
        )

    def forward_decode(self, loc: torch.Tensor):
        self.decode_steps += 1
        self._maybe_log()
        if self.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
