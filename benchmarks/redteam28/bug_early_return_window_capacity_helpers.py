"""Backend whose window decision is split across small helpers with early returns."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _window_capacity(model_runner) -> Optional[int]:
    allocator = model_runner.token_to_kv_pool_allocator
    if not hasattr(allocator, "swa_available_size"):
        return None
    return allocator.size_swa


def _window_enabled(model_runner) -> bool:
    capacity = _window_capacity(model_runner)
    if capacity is None:
        return False
    if capacity <= 0:
        logger.warning("window capacity is empty; running dense attention")
        return False
    return True


def _window_pool(model_runner) -> Optional[SWAKVPool]:
    if not _window_enabled(model_runner):
        return None
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_pool = _window_pool(model_runner)
        self.page_size = model_runner.page_size
        self.window_page_table = torch.zeros(
            (model_runner.max_running_requests, model_runner.model_config.context_len),
            dtype=torch.int32,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.token_to_kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
