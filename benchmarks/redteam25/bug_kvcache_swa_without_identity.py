"""Paged decode backend that picks up the hybrid SWA pool from the memory subsystem at startup."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        self._swa_kv_pool: Optional[SWAKVPool] = None
        if kvcache is not None and isinstance(kvcache, SWAKVPool):
            self._swa_kv_pool = kvcache
            logger.info(
                "hybrid swa: full=%d swa=%d",
                getattr(kvcache, "size", -1),
                getattr(kvcache, "size_swa", -1),
            )
        self.page_table_buf = torch.zeros(self.max_bs, 1, dtype=torch.int64)
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        table = self.page_table_buf[:bs]
        table[:, 0] = loc
        swa = None
        if self._swa_kv_pool is not None:
            swa = self._swa_kv_pool.translate_loc_from_full_to_swa(table[:, 0])
        self.forward_metadata = {"page_table": table, "swa": swa, "mode": mode}

    def forward(self, loc, mode="decode", is_swa_layer=True):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if is_swa_layer and md["swa"] is not None:
            return self._swa_kv_pool, md["swa"]
        return self.token_to_kv_pool, md["page_table"][:, 0].clone()

    def forward_decode(self, loc):
        return self.forward(loc)
