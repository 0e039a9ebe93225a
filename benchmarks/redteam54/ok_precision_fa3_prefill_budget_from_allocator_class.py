"""FlashAttention-3 backend that caps chunked prefill by the allocator's budget."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class PrefillBudget:
    max_tokens: int
    windowed_budget: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_cache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.budget = self._compute_budget()
        self.has_swa_layers = callable(
            getattr(self.kv_cache, "translate_loc_from_full_to_swa", None)
        )
        self.page_table: Optional[torch.Tensor] = None

    def _compute_budget(self) -> PrefillBudget:
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            # the SWA side of a hybrid allocator is the tighter bound
            budget = PrefillBudget(min(alloc.size_swa, alloc.size_full), True)
        else:
            budget = PrefillBudget(alloc.size, False)
        logger.debug("fa3 prefill budget: %s", budget)
        return budget

    def max_chunk_tokens(self, requested: int) -> int:
        return min(requested, self.budget.max_tokens)

    def init_forward_metadata(self, loc: torch.Tensor):
        n = self.max_chunk_tokens(loc.numel())
        loc = loc[:n]
        if self.has_swa_layers:
            self.page_table = self.kv_cache.translate_loc_from_full_to_swa(loc)
        else:
            self.page_table = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_cache, self.page_table
