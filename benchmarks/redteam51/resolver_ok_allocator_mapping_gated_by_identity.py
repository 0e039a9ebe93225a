"""Decode backend that indexes the allocator's full->SWA table directly.

Indexing ``full_to_swa_index_mapping`` avoids a kernel launch; it is only valid
when the resolved SWA pool is the very cache that allocator manages.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if getattr(model_runner, "is_draft_worker", False):
        spec = getattr(model_runner, "spec_algorithm", None)
        if spec is None or not spec.is_frozen_kv_mtp():
            return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = resolve_swa_pool(model_runner)
        get_kvcache = getattr(self.allocator, "get_kvcache", None)
        self.use_allocator_table = (
            self.swa_pool is not None
            and get_kvcache is not None
            and get_kvcache() is self.swa_pool
            and hasattr(self.allocator, "full_to_swa_index_mapping")
        )
        logger.debug("allocator table fast path: %s", self.use_allocator_table)

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_allocator_table:
            return self.allocator.full_to_swa_index_mapping[loc]
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.swa_pool is not None:
            self.cuda_graph_swa_loc[: loc.numel()].copy_(self._to_swa(loc))

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self._to_swa(loc)
