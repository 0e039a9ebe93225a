"""Triton-style decode backend that reports its KV layout at startup.

On startup we log which allocator class the scheduler wired in and whether the
backend will read a hybrid sliding-window pool, which makes mixed deployments
(target + draft on the same GPU) much easier to read in the server log.
"""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _LayoutSummary:
    allocator_cls: str
    allocator_is_hybrid: bool
    reads_swa_pool: bool
    draft: bool

    def render(self) -> str:
        role = "draft" if self.draft else "target"
        return (
            f"[{role}] allocator={self.allocator_cls} hybrid_alloc={self.allocator_is_hybrid} "
            f"swa_pool={self.reads_swa_pool}"
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = True):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv = isinstance(self.kv_pool, SWAKVPool)

        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = _LayoutSummary(
            allocator_cls=type(allocator).__name__,
            allocator_is_hybrid=isinstance(allocator, SWATokenToKVPoolAllocator),
            reads_swa_pool=self.use_sliding_window_kv,
            draft=bool(model_runner.is_draft_worker),
        )
        if verbose:
            logger.info("attention layout: %s", self.layout.render())
        if self.layout.allocator_is_hybrid and not self.use_sliding_window_kv:
            logger.info("hybrid allocator with a full-only pool; sliding window disabled here")

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
