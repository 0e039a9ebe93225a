"""Backend that checks the allocator's class only for runners allowed to use the shared cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.swa_kv_pool = self._resolve(model_runner, allocator)
        self.decode_swa_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve(model_runner, allocator) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        regular_draft = model_runner.is_draft_worker and not (
            model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if regular_draft:
            return None
        # Targets and FROZEN_KV drafts see the hybrid cache through the allocator.
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            kvcache = allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.decode_swa_loc = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
