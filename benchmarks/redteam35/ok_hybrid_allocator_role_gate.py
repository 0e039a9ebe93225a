"""Backend that enables window layers for hybrid allocators except on regular drafts."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _reads_allocator_cache(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(allocator, SWATokenToKVPoolAllocator) and (
            _reads_allocator_cache(model_runner)
        )
        # Regular drafts keep attending over their own dense pool.
        self.kv_pool = allocator.get_kvcache() if self.use_swa else model_runner.token_to_kv_pool
        logger.info("window layers %s", "enabled" if self.use_swa else "disabled")

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        md = {"cache_loc": loc}
        if self.use_swa:
            md["swa_cache_loc"] = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return md

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.page_size == 1 else loc - loc % self.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
