"""Backend resolving its SWA pool with enum-value comparisons of the speculative algorithm."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_FROZEN_KV_VALUE = SpeculativeAlgorithm.FROZEN_KV_MTP.value


@dataclass
class SWADecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.spec_value = getattr(model_runner.spec_algorithm, "value", None)
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = SWADecodeMetadata()

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.is_draft and self.spec_value != _FROZEN_KV_VALUE:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            return None
        return kvcache

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = SWADecodeMetadata(page_table=page_table)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_page_table is not None:
            return self.swa_kv_pool, self.forward_metadata.swa_page_table
        return self.token_to_kv_pool, self.forward_metadata.page_table
