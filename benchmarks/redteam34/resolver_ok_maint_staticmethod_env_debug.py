"""TRT-LLM style decode backend with the upstream _resolve_swa_kv_pool and debug logging."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)

_DEBUG_SWA = get_bool_env_var("SGLANG_DEBUG_SWA_RESOLVE")


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
        if _DEBUG_SWA:
            logger.info(
                "resolve_swa_kv_pool: allocator=%s pool=%s draft=%s -> %s",
                type(model_runner.token_to_kv_pool_allocator).__name__,
                type(model_runner.token_to_kv_pool).__name__,
                model_runner.is_draft_worker,
                type(self._swa_kv_pool).__name__,
            )
        self.forward_metadata = TRTLLMDecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """EAGLE draft workers share the target allocator for token bookkeeping but
        own a separate draft KV pool; FROZEN_KV MTP drafts read target KV directly."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            # is_eagle() also covers FROZEN_KV_MTP, so ask for it explicitly.
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int):
        if self._swa_kv_pool is None:
            self.cuda_graph_swa_page_table = None
            return
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.cuda_graph_swa_page_table = torch.zeros(
            (max_bs, max_pages), dtype=torch.int32, device=self.device
        )

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
