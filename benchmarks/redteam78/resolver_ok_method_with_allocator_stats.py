"""Decode backend that resolves its window pool lazily.

``_resolve_window_pool`` is evaluated on first use and cached. It inspects the pool this
runner writes and reads; the allocator is only used to report capacity when the resolved
layout is logged.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self._window_pool = _UNSET

    def _resolve_window_pool(self) -> Optional[SWAKVPool]:
        if self._window_pool is not _UNSET:
            return self._window_pool
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        resolved = pool if isinstance(pool, SWAKVPool) else None
        allocator = runner.token_to_kv_pool_allocator
        logger.info(
            "window pool=%s (%s), allocator free=%d",
            type(resolved).__name__ if resolved is not None else None,
            "draft" if runner.is_draft_worker else "target",
            allocator.available_size(),
        )
        self._window_pool = resolved
        return resolved

    def forward_decode(self, loc: torch.Tensor):
        window_pool = self._resolve_window_pool()
        if window_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return window_pool, window_pool.translate_loc_from_full_to_swa(loc)
