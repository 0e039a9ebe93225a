"""FlashAttention-3 backend with a compact SWA pool resolver."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.own_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
        self.page_table: Optional[torch.Tensor] = None
        self.cache_seqlens: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve(runner) -> Optional[SWAKVPool]:
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        spec = getattr(runner, "spec_algorithm", None) or SpeculativeAlgorithm.NONE
        fallback = (
            None
            if getattr(runner, "is_draft_worker", False)
            and spec != SpeculativeAlgorithm.FROZEN_KV_MTP
            else runner.token_to_kv_pool_allocator.get_kvcache()
        )
        return fallback if isinstance(fallback, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cache_seqlens = torch.zeros(max_bs, dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.cache_seqlens = torch.ones(loc.numel(), dtype=torch.int32)
        if self.swa_pool is None:
            self.page_table = loc.view(-1, 1)
        else:
            self.page_table = self.swa_pool.translate_loc_from_full_to_swa(loc).view(-1, 1)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool = self.own_pool if self.swa_pool is None else self.swa_pool
        return pool, self.page_table.view(-1)
