"""Attention backend with a page-aligned chunk planner driven by the allocator's free space."""

import itertools
import logging
from typing import Iterator, List, Tuple

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self.allocator.page_size
        # The sliding-window side is the tighter budget on hybrid allocators.
        self._budget_fn = getattr(
            self.allocator, "swa_available_size", self.allocator.available_size
        )
        self.swa_kv_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def plan_chunks(self, num_tokens: int) -> List[Tuple[int, int]]:
        """Split ``num_tokens`` into page-aligned chunks that fit the free budget."""
        budget = max(self._budget_fn() // self.page_size, 1) * self.page_size
        starts: Iterator[int] = itertools.count(0, budget)
        chunks = []
        for start in itertools.takewhile(lambda s: s < num_tokens, starts):
            chunks.append((start, min(start + budget, num_tokens)))
        logger.debug("planned %d chunks for %d tokens", len(chunks), num_tokens)
        return chunks

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
