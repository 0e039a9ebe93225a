"""Backend resolving a BaseSWAKVPool (any SWA pool flavour) for its windowed layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = int(getattr(model_runner, "page_size", 1) or 1)
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[ForwardMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        md = ForwardMetadata(out_cache_loc=out_cache_loc)
        if self._swa_kv_pool is not None:
            md.swa_out_cache_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is None:
            return self.token_to_kv_pool, md.out_cache_loc
        return self._swa_kv_pool, md.swa_out_cache_loc
