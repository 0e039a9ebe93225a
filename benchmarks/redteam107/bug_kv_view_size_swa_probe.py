"""``WindowedKVView``: a view over the runner's cache with window metadata.

The view records whether sliding-window layers have a dedicated region and
exposes ``read_target`` for the decode kernels.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class WindowedKVView:
    __slots__ = ("pool", "swa_slots", "full_slots")

    def __init__(self, pool: KVCache, swa_slots: int, full_slots: int):
        self.pool = pool
        self.swa_slots = swa_slots
        self.full_slots = full_slots

    @property
    def windowed(self) -> bool:
        return self.swa_slots > 0

    def read_target(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


def make_kv_view(model_runner) -> WindowedKVView:
    allocator = model_runner.token_to_kv_pool_allocator
    swa_slots = int(getattr(allocator, "size_swa", 0) or 0)
    full_slots = int(getattr(allocator, "size_full", allocator.size))
    return WindowedKVView(model_runner.token_to_kv_pool, swa_slots, full_slots)


class GeneratedAttnBackend:
    def __init__(self, model_runner, prefill_only: bool = False):
        self.prefill_only = prefill_only
        self.view = make_kv_view(model_runner)
        logger.info(
            "KV view: windowed=%s swa_slots=%d full_slots=%d",
            self.view.windowed,
            self.view.swa_slots,
            self.view.full_slots,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.view.read_target(loc)
