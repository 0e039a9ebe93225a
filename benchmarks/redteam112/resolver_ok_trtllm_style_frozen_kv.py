"""TRT-LLM MHA decode path: SWA pool resolution for speculative workers.

Speculative draft workers keep token bookkeeping in the target allocator but
may own a separate KV pool. FROZEN_KV MTP drafts read the target KV directly.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner: "ModelRunner", max_bs: int = 160):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self._kv_pool = (
            self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner: "ModelRunner") -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is None:
            return loc
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._kv_pool, self._translate(loc)
