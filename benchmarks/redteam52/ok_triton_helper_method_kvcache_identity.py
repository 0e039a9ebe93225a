"""Triton backend whose indices updater resolves the read pool lazily."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVReadPlan:
    pool: object
    kv_indices: torch.Tensor
    windowed: bool


class TritonIndicesUpdater:
    def __init__(self, backend, token_to_kv_pool, token_to_kv_pool_allocator):
        self.backend = backend
        self.token_to_kv_pool = token_to_kv_pool
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self._read_pool = None

    def _resolve_read_pool(self):
        if self._read_pool is None:
            cache = self.token_to_kv_pool_allocator.get_kvcache()
            # the allocator's cache is ours only when it is the very pool
            # this worker was given; a draft shares the allocator, not the cache
            if cache is self.token_to_kv_pool and isinstance(cache, SWAKVPool):
                self._read_pool = cache
            else:
                self._read_pool = self.token_to_kv_pool
        return self._read_pool

    def plan(self, loc: torch.Tensor) -> KVReadPlan:
        pool = self._resolve_read_pool()
        if isinstance(pool, SWAKVPool):
            return KVReadPlan(pool, pool.translate_loc_from_full_to_swa(loc), True)
        return KVReadPlan(pool, loc, False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.indices_updater = TritonIndicesUpdater(
            self,
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
        )
        self.cuda_graph_attn_logits: Optional[torch.Tensor] = None
        self.forward_metadata: Optional[KVReadPlan] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_attn_logits = torch.zeros((max_bs, self.num_kv_splits), dtype=torch.float32)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = self.indices_updater.plan(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        plan = self.forward_metadata
        return plan.pool, plan.kv_indices
