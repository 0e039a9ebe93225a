"""Backend that requires both a hybrid allocator and a hybrid pool before using window paths."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        allocator_is_hybrid = callable(getattr(allocator, "translate_loc_from_full_to_swa", None))
        pool_is_hybrid = isinstance(self.token_to_kv_pool, SWAKVPool)
        if allocator_is_hybrid and not pool_is_hybrid:
            logger.info("hybrid allocator over a dense pool; window layers off")
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if allocator_is_hybrid and pool_is_hybrid else None
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        # Both the full and the window tables are derived from the same locations.
        md = {"cache_loc": loc}
        if self.swa_pool is not None:
            md["swa_cache_loc"] = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return md

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
