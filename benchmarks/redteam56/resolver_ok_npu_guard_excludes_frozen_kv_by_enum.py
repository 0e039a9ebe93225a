"""Ascend NPU backend port: hybrid SWA decode using the upstream SWA pool resolver."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft algorithms that read the target's KV instead of owning a cache.
_SHARED_CACHE_DRAFTS = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


class GeneratedAttnBackend:
    """NPU port; SWA layers read through the resolved SWA pool."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 128)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.graph_swa_loc: Optional[torch.Tensor] = None
        self.forward_metadata = None

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and model_runner.spec_algorithm not in _SHARED_CACHE_DRAFTS:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            logger.info("npu: reading SWA layers from the shared target pool")
            return shared
        return None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_swa_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.swa_pool is None:
            self.forward_metadata = (self.kv_pool, loc)
        else:
            self.forward_metadata = (
                self.swa_pool,
                self.swa_pool.translate_loc_from_full_to_swa(loc),
            )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.forward_metadata
