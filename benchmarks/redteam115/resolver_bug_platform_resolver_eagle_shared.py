"""Hybrid SWA pool lookup used by the NPU/XPU decode ports.

The ports build their kernels against the hybrid pool handle; this helper
decides which handle to hand them for target and speculative workers.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_VERBOSE = bool(int(os.environ.get("SGLANG_PORT_VERBOSE", "0")))


def get_swa_pool_for_port(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    if spec.is_eagle() or spec.is_frozen_kv_mtp():
        # Speculative workers run on top of the target's slot allocator.
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device_type = torch.device(model_runner.device).type
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool_for_port(model_runner)
        if _VERBOSE:
            logger.info("[%s] swa pool: %s", self.device_type, self.swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
