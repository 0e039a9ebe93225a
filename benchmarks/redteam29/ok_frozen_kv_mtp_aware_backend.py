"""TRTLLM-style decode backend with EAGLE draft settings and a FROZEN_KV-aware SWA pool resolution."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        spec = model_runner.spec_algorithm
        # EAGLE-family runners (targets verifying, drafts proposing) need the
        # speculative tree settings; this does not decide which pool is read.
        self.speculative_num_draft_tokens = (
            getattr(model_runner.server_args, "speculative_num_draft_tokens", None)
            if spec.is_eagle()
            else None
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = TRTLLMMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if model_runner.spec_algorithm is not SpeculativeAlgorithm.FROZEN_KV_MTP:
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = TRTLLMMetadata(page_table=page_table)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
