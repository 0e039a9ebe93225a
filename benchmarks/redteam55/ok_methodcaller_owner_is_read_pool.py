"""FlashAttention-style decode backend; translation is dispatched with operator.methodcaller."""

import logging
import operator
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowPlan:
    translator_owner: Optional[Any]
    window_size: int
    label: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.plan = self._make_plan(self.kv_pool, allocator)
        self.page_table = torch.zeros(
            (getattr(model_runner, "max_running_requests", 8) or 8, 64),
            dtype=torch.int32,
            device=self.device,
        )
        logger.info("window plan: %s", self.plan.label)

    @staticmethod
    def _make_plan(pool, allocator) -> WindowPlan:
        # The allocator only labels the plan; the pool decides who translates.
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        window = int(getattr(allocator, "size_swa", 0)) if hybrid_alloc else 0
        if isinstance(pool, SWAKVPool):
            return WindowPlan(pool, window, "hybrid")
        return WindowPlan(None, 0, "full(shared-hybrid-alloc)" if hybrid_alloc else "full")

    def init_forward_metadata(self, forward_batch):
        self.cache_seqlens = forward_batch.seq_lens.to(torch.int32)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.page_table = torch.zeros(
            (max_bs, max_num_tokens), dtype=torch.int32, device=self.device
        )

    def forward_decode(self, loc):
        owner = self.plan.translator_owner
        if owner is None:
            return self.kv_pool, loc
        return self.kv_pool, operator.methodcaller("translate_loc_from_full_to_swa", loc)(owner)
