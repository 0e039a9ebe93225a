"""Backend that takes the allocator's cache on the target and its own pool on drafts."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.is_draft_worker = model_runner.is_draft_worker
        if not self.is_draft_worker:
            # The target's allocator was built over the target's own cache.
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            kv_pool = model_runner.token_to_kv_pool
        self.kv_pool = kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        logger.debug("draft=%s pool=%s", self.is_draft_worker, type(self.kv_pool).__name__)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_kv_indices = torch.zeros(max_bs, dtype=torch.int64)

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size == 1:
            return loc
        return loc - loc % self.page_size

    def forward_decode(self, loc):
        return self.kv_pool, self._kv_indices(loc)
