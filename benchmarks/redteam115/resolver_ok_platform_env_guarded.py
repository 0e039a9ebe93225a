"""Hybrid SWA pool resolution for out-of-tree device ports.

Ports may opt out of SWA entirely with ``SGLANG_PORT_DISABLE_SWA=1`` while
kernels are being brought up. Otherwise resolution follows the upstream rule
(own pool first; regular drafts never borrow the target's hybrid pool).
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_PLATFORM_SWA_SUPPORT = {"cuda": True, "cpu": True, "npu": True, "xpu": True, "hpu": False}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    device_type = torch.device(model_runner.device).type
    if os.environ.get("SGLANG_PORT_DISABLE_SWA", "0") == "1":
        return None
    if not _PLATFORM_SWA_SUPPORT.get(device_type, False):
        logger.warning("SWA not supported on %s, using full-window reads", device_type)
        return None
    if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver=resolve_swa_pool):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = resolver(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
