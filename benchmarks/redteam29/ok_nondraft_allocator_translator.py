"""Decode backend that uses the hybrid allocator's cache and translator when the runner reads the target's KV."""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _reads_allocator_cache(model_runner) -> bool:
    """Targets own the allocator's cache; FROZEN_KV MTP drafts attend over it too."""
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if _reads_allocator_cache(model_runner) and isinstance(
            allocator, SWATokenToKVPoolAllocator
        ):
            self.kv_pool = allocator.get_kvcache()
            self._to_swa = allocator.translate_loc_from_full_to_swa
        self.page_size = allocator.page_size
        self.graph_swa_loc: Optional[torch.Tensor] = None
        logger.debug("kv pool %s, swa=%s", type(self.kv_pool).__name__, self._to_swa is not None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self._to_swa is not None:
            self.graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.graph_swa_loc is not None:
            self.graph_swa_loc[:bs].copy_(self._to_swa(loc)[:bs])

    def forward_decode(self, loc):
        if self._to_swa is None:
            return self.kv_pool, loc
        return self.kv_pool, self._to_swa(loc)
