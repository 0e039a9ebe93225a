"""Decode backend that enforces a per-step admission budget derived from free KV slots."""

import enum
import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class Layout(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


@dataclass
class AdmissionBudget:
    reserve: int
    full_free: int
    swa_free: int

    @property
    def tokens(self) -> int:
        return max(min(self.full_free, self.swa_free) - self.reserve, 0)

    def admits(self, n: int) -> bool:
        return n <= self.tokens


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.layout = Layout.SLIDING if isinstance(self.pool, SWAKVPool) else Layout.FULL
        self.rejected = 0

    def budget(self) -> AdmissionBudget:
        alloc = self.allocator
        full_free = getattr(alloc, "full_available_size", alloc.available_size)()
        swa_free = getattr(alloc, "swa_available_size", alloc.available_size)()
        return AdmissionBudget(reserve=self.max_bs, full_free=full_free, swa_free=swa_free)

    def admit(self, num_tokens: int) -> bool:
        budget = self.budget()
        if not budget.admits(num_tokens):
            self.rejected += 1
            logger.warning("decode step over budget: need=%d have=%d", num_tokens, budget.tokens)
            return False
        return True

    def forward_decode(self, loc):
        self.admit(int(loc.numel()))
        if self.layout is Layout.SLIDING:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
