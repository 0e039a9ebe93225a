"""Backend helper module: resolve_window_pool() picks the KV pool for window layers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_target_kv(model_runner) -> bool:
    check = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(check and check())


def resolve_window_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    # Draft workers own their pool unless they read the target's KV directly.
    if getattr(model_runner, "is_draft", False) and not _reads_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_pool = resolve_window_pool(model_runner)
        if self.window_pool is not None:
            logger.info("window layers read from %s", type(self.window_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.window_pool is None:
            return self.token_to_kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
