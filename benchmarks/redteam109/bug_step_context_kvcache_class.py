"""Decode-only attention backend with a per-step context object.

Each decode step builds a small ``_DecodeStepContext`` that bundles the pieces the
kernel launch needs (KV pool, allocator, page size, output locations).  The context
also records whether the step runs against a hybrid full/SWA cache so that the
SWA layers can remap their cache locations before launching.
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
    hybrid_swa: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        # The allocator owns the canonical view of the KV cache layout.
        backing = self.allocator.get_kvcache()
        self.hybrid_swa = isinstance(backing, SWAKVPool)

    def cache_locations(self) -> torch.Tensor:
        if self.hybrid_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(self.out_cache_loc)
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
        locations = ctx.cache_locations()
        if ctx.hybrid_swa:
            logger.debug("decode step on hybrid SWA cache, %d tokens", locations.numel())
        return ctx.kv_pool, locations
