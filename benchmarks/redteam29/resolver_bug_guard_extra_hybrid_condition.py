"""Backend whose SWA-pool resolver limits the draft guard to hybrid-SWA runners."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowConfig:
    sliding_window_size: Optional[int]
    is_hybrid_swa: bool


def _window_config(model_runner) -> WindowConfig:
    return WindowConfig(
        sliding_window_size=getattr(model_runner, "sliding_window_size", None),
        is_hybrid_swa=bool(getattr(model_runner, "is_hybrid_swa", False)),
    )


def resolve_swa_kv_pool(model_runner, config: WindowConfig) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    private_draft = all(
        (
            config.is_hybrid_swa,
            model_runner.is_draft_worker,
            not model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
    )
    if private_draft:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_config = _window_config(model_runner)
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner, self.window_config)
        logger.info(
            "window=%s hybrid=%s swa_pool=%s",
            self.window_config.sliding_window_size,
            self.window_config.is_hybrid_swa,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
