"""Backend that recognises a windowed pool structurally (a runtime-checkable Protocol) and guards the draft fallback."""

import logging
from typing import Optional, Protocol, runtime_checkable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@runtime_checkable
class WindowedKVPool(Protocol):
    swa_layer_nums: int

    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


def _is_regular_draft(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def resolve_windowed_pool(model_runner) -> Optional[WindowedKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, WindowedKVPool):
        return pool
    if _is_regular_draft(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.windowed_pool = resolve_windowed_pool(model_runner)
        self.num_swa_layers = (
            self.windowed_pool.swa_layer_nums if self.windowed_pool is not None else 0
        )
        logger.info("windowed layers: %d", self.num_swa_layers)

    def forward_decode(self, loc):
        pool = self.windowed_pool
        if pool is not None and self.num_swa_layers > 0:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
