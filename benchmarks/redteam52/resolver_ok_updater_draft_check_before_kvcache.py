"""Triton-style backend; the indices updater resolves the window pool.

Draft workers (other than FROZEN_KV MTP) are excluded before the allocator's
cache is consulted, since they share the allocator but own a full pool.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_window_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if model_runner.is_draft_worker and algo != SpeculativeAlgorithm.FROZEN_KV_MTP:
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


@dataclass
class UpdaterState:
    window_pool: Optional[SWAKVPool]
    last_bs: int = 0


class WindowIndicesUpdater:
    def __init__(self, backend, *, window_pool: Optional[SWAKVPool]):
        self.backend = backend
        self.state = UpdaterState(window_pool=window_pool)

    def update(self, loc: torch.Tensor):
        self.state.last_bs = int(loc.numel())
        pool = self.state.window_pool
        if pool is None:
            return self.backend.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.updater = WindowIndicesUpdater(self, window_pool=resolve_window_pool(model_runner))
        self.cuda_graph_num_kv_splits: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_num_kv_splits = torch.full((max_bs,), self.num_kv_splits, dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        return self.updater.update(loc)

    def forward_decode(self, loc):
        pool, kv_indices = self.init_forward_metadata(loc)
        return pool, kv_indices
