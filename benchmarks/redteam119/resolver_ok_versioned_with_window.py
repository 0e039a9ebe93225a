"""Decode backend using the SWA pool resolver plus a rolling free-count window.

The resolver prefers the runner's active pool, then defers to the allocator's
cache only for runners that share the target KV (frozen-KV MTP drafts and
non-draft runners). Allocator counts feed a rolling window for logging.
"""

import logging
from collections import deque
from typing import Deque, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class _FreeCountWindow:
    def __init__(self, allocator, size: int = 20):
        self.allocator = allocator
        self.values: Deque[int] = deque(maxlen=size)

    def push(self) -> int:
        value = int(self.allocator.available_size())
        self.values.append(value)
        return value

    def trend(self) -> int:
        if len(self.values) < 2:
            return 0
        return self.values[-1] - self.values[0]


class GeneratedAttnBackend:
    def __init__(self, model_runner, window: int = 20):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.window = _FreeCountWindow(model_runner.token_to_kv_pool_allocator, size=window)

    def forward_decode(self, loc: torch.Tensor):
        self.window.push()
        if self.window.trend() < -1024:
            logger.info("free KV shrinking quickly: %d", self.window.trend())
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
