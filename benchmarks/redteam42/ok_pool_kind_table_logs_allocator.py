"""Decode backend for hybrid SWA checkpoints; KV kinds come from a class table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_KIND_BY_CLASS = {
    SWAKVPool: "window",
    SWATokenToKVPoolAllocator: "window",
}


@dataclass
class PagedDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self._alloc_kind = _KIND_BY_CLASS.get(type(allocator), "full")
        self._kv_kind = _KIND_BY_CLASS.get(type(self.pool), "full")
        if self._alloc_kind != self._kv_kind:
            logger.info(
                "allocator %s is %s but this worker's pool %s is %s",
                type(allocator).__name__,
                self._alloc_kind,
                type(self.pool).__name__,
                self._kv_kind,
            )
        self.metadata = PagedDecodeMetadata()

    @property
    def is_windowed(self) -> bool:
        return self._kv_kind == "window"

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.cuda_graph_page_table = torch.zeros(
            max_bs, pages, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata(self, forward_batch):
        self.metadata = PagedDecodeMetadata(seq_lens=forward_batch.seq_lens)

    def forward_decode(self, loc):
        if self.is_windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
