"""Backend resolving the SWA pool, preferring the pool the allocator was built over."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)

    @staticmethod
    def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        # The allocator's cache is the canonical one for the layout; the active
        # pool only matters when the allocator was built without one.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_swa_loc = (
            torch.zeros(max_bs, dtype=torch.int64) if self.swa_kv_pool is not None else None
        )

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
