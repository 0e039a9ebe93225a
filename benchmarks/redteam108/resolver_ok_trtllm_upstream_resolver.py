"""TRT-LLM MHA backend slice: SWA pool resolution + decode page table.

Carried from upstream ``trtllm_mha_backend.py`` with fork-local logging of
the allocator type and the configured decode attention backend.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_pages: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_num_pages = max_num_pages
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.decode_attention_backend = getattr(
            model_runner.server_args, "decode_attention_backend", None
        )

        # SWA hybrid models split the KV cache into full and SWA pools with
        # separate index spaces; SWA layers need a translated page_table.
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        logger.debug(
            "trtllm_mha: allocator=%s decode_backend=%s swa=%s",
            type(model_runner.token_to_kv_pool_allocator).__name__,
            self.decode_attention_backend,
            self.use_sliding_window_kv_pool,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _swa_page_table(self, page_table: torch.Tensor) -> torch.Tensor:
        swa = self._swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        return swa // self.page_size if self.page_size > 1 else swa

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool, self._swa_page_table(loc)
        return self.token_to_kv_pool, loc
