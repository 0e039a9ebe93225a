"""SWA pool resolver inlined into __init__ with a cached FROZEN_KV probe."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: torch.Tensor
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        spec_algorithm = model_runner.spec_algorithm
        reads_target_kv = spec_algorithm.is_frozen_kv_mtp

        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif not (model_runner.is_draft_worker and not reads_target_kv):
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.swa_kv_pool = kvcache
        logger.debug("swa pool resolved: %s", self.swa_kv_pool is not None)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        page_table = (loc // self.page_size).unsqueeze(1)
        swa_page_table = None
        if self.swa_kv_pool is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            swa_page_table = (swa_loc // self.page_size).unsqueeze(1)
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=torch.ones_like(loc, dtype=torch.int32),
            page_table=page_table,
            swa_page_table=swa_page_table,
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is None:
            return self.token_to_kv_pool, md.page_table[:, 0]
        return self.swa_kv_pool, md.swa_page_table[:, 0]
