"""Decode backend for hybrid sliding-window models with prefix-cache accounting.

Alongside the sliding-window read path this backend tracks reused versus
freshly allocated slots, which feeds the prefix hit ratio on the scheduler
dashboard. Hybrid mode is keyed off the allocator configured for the runner.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class PrefixLedger:
    def __init__(self) -> None:
        self.reused_tokens = 0
        self.fresh_tokens = 0

    def record(self, reused: int, fresh: int) -> None:
        self.reused_tokens += reused
        self.fresh_tokens += fresh

    @property
    def hit_ratio(self) -> float:
        total = self.reused_tokens + self.fresh_tokens
        return self.reused_tokens / total if total else 0.0


class GeneratedAttnBackend:
    def __init__(self, model_runner, track_prefix_hits: bool = True):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.hybrid_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.ledger = PrefixLedger() if track_prefix_hits else None
        self._initial_free = self.allocator.available_size()
        logger.debug("prefix ledger armed: free=%d hybrid=%s", self._initial_free, self.hybrid_swa)

    def on_prefix_match(self, prefix_len: int, extend_len: int) -> None:
        if self.ledger is not None:
            self.ledger.record(prefix_len, extend_len)

    def slots_in_use(self) -> int:
        return self._initial_free - self.allocator.available_size()

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
