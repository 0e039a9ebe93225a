"""TRTLLM MHA decode backend that sizes its page tables from the allocator and resolves SWA from its pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.device = model_runner.device
        self.page_size = allocator.page_size
        self.max_num_pages = (allocator.size + self.page_size - 1) // self.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "TRTLLM MHA: %s, %d pages of %d tokens",
            type(allocator).__name__,
            self.max_num_pages,
            self.page_size,
        )
        # SWA layers need a translated page_table; the mapping lives on the
        # hybrid pool this runner writes to.
        self._swa_kv_pool: Optional[SWAKVPool] = self._own_swa_pool()
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    def _own_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool) and pool.swa_layer_nums > 0:
            return pool
        return None

    def _alloc_swa_page_table(self, bs: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(bs, 1, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        bs = loc.numel()
        md = TRTLLMMHAMetadata(
            cache_seqlens=torch.ones(bs, dtype=torch.int32),
            page_table=(loc // self.page_size).unsqueeze(1),
            swa_page_table=self._alloc_swa_page_table(bs),
        )
        self.forward_metadata = md
        if md.swa_page_table is None:
            return self.token_to_kv_pool, loc
        md.swa_page_table[:, 0] = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self._swa_kv_pool, md.swa_page_table[:, 0].clone()
