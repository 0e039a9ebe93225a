"""Torch-native backend whose SWA resolver is wrapped by a draft-ownership guard."""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def draft_keeps_own_pool(fn: Callable) -> Callable:
    """Regular drafts never resolve to a pool they were not given."""

    @functools.wraps(fn)
    def wrapper(runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        algo = getattr(runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if getattr(runner, "is_draft_worker", False) and not algo.is_frozen_kv_mtp():
            return None
        return fn(runner)

    return wrapper


@draft_keeps_own_pool
def swa_pool_from_allocator(runner) -> Optional[SWAKVPool]:
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool_from_allocator(model_runner)
        self.scaling = 1.0 / (getattr(model_runner.model_config, "head_dim", 64) ** 0.5)
        self.kv_indices: Optional[torch.Tensor] = None

    def _sdpa(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=self.scaling)

    def init_forward_metadata(self, loc: torch.Tensor):
        swa = self.swa_pool
        self.kv_indices = loc if swa is None else swa.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return (self.swa_pool or self.kv_pool), self.kv_indices
