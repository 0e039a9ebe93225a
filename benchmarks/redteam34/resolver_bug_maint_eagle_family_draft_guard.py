"""TRT-LLM style decode backend with a _resolve_swa_kv_pool staticmethod and graph buffers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = model_runner.model_config.context_len
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata = TRTLLMDecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        # NGRAM / standalone drafts keep their own cache; the EAGLE family
        # decodes against the target's KV.
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_eagle():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _alloc_swa_page_table(self, max_bs: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        return torch.zeros((max_bs, max_pages), dtype=torch.int32, device=self.device)

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_swa_page_table = self._alloc_swa_page_table(max_bs)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
