"""Triton-style decode backend that reports its KV layout at startup.

The layout summary is built once from the allocator's registered cache and
kept on the backend so that later steps and the startup log agree on which
buffers are in use.
"""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _LayoutSummary:
    pool: KVCache
    allocator_cls: str
    sliding_window: bool
    draft: bool

    def render(self) -> str:
        role = "draft" if self.draft else "target"
        return (
            f"[{role}] allocator={self.allocator_cls} pool={type(self.pool).__name__} "
            f"swa={self.sliding_window}"
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = True):
        self.model_runner = model_runner
        allocator = model_runner.token_to_kv_pool_allocator
        registered = allocator.get_kvcache()
        self.layout = _LayoutSummary(
            pool=registered,
            allocator_cls=type(allocator).__name__,
            sliding_window=isinstance(registered, SWAKVPool),
            draft=bool(model_runner.is_draft_worker),
        )
        if verbose:
            logger.info("attention layout: %s", self.layout.render())

    def forward_decode(self, loc: torch.Tensor):
        pool = self.layout.pool
        if self.layout.sliding_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
