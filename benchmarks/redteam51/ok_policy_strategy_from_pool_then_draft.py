"""Decode backend that delegates location handling to a small read policy.

A policy object is chosen once in ``__init__``: the windowed policy translates
full-pool locations into the SWA pool, the dense policy passes them through.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DenseReadPolicy:
    name = "dense"

    def __init__(self, pool):
        self.pool = pool

    def read(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.pool, loc


class WindowedReadPolicy:
    name = "windowed"

    def __init__(self, swa_pool):
        self.pool = swa_pool

    def read(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


def select_read_policy(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return WindowedReadPolicy(pool)
    spec = getattr(model_runner, "spec_algorithm", None)
    shares_target_kv = spec is not None and spec.is_frozen_kv_mtp()
    if getattr(model_runner, "is_draft_worker", False) and not shares_target_kv:
        return DenseReadPolicy(pool)
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        cache = allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return WindowedReadPolicy(cache)
    return DenseReadPolicy(pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.policy = select_read_policy(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_budget = getattr(allocator, "size_swa", None)
        logger.info("read policy=%s swa_budget=%s", self.policy.name, self.swa_budget)
        self.cuda_graph_kv_indices = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        _, locations = self.policy.read(loc)
        self.cuda_graph_kv_indices[: locations.numel()].copy_(locations)

    def forward_decode(self, loc):
        return self.policy.read(loc)
