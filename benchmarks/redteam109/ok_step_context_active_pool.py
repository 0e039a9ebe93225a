"""Decode-only attention backend with a per-step context object.

Each decode step builds a ``_DecodeStepContext`` bundling the KV pool, the token
allocator (kept around for capacity reporting) and the output locations.  Whether
the step remaps locations into the sliding-window buffers is decided by the pool
the step actually reads from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _DecodeStepContext:
    kv_pool: Any
    allocator: Any
    page_size: int
    out_cache_loc: torch.Tensor
    swa_pool: Optional[SWAKVPool] = field(init=False, default=None)

    def __post_init__(self) -> None:
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool

    def free_slots(self) -> int:
        return int(self.allocator.available_size())

    def cache_locations(self) -> torch.Tensor:
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(self.out_cache_loc)
        return self.out_cache_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self._last_ctx: Optional[_DecodeStepContext] = None

    def _build_step_context(self, loc: torch.Tensor) -> _DecodeStepContext:
        return _DecodeStepContext(
            kv_pool=self.model_runner.token_to_kv_pool,
            allocator=self.model_runner.token_to_kv_pool_allocator,
            page_size=self.page_size,
            out_cache_loc=loc,
        )

    def forward_decode(self, loc: torch.Tensor):
        ctx = self._build_step_context(loc)
        self._last_ctx = ctx
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("decode step: %d tokens, %d free slots", loc.numel(), ctx.free_slots())
        pool = ctx.swa_pool if ctx.swa_pool is not None else ctx.kv_pool
        return pool, ctx.cache_locations()
