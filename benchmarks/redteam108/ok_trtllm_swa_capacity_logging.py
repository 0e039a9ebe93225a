"""TRT-LLM MHA backend init with SWA capacity reporting (fork).

Startup logs the full/SWA token capacity reported by the allocator so that
``swa_full_tokens_ratio`` tuning is visible in the server log. The backend's
own SWA handling follows the pool it is constructed over.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _describe_capacity(allocator) -> str:
    full = getattr(allocator, "size_full", None)
    swa = getattr(allocator, "size_swa", None)
    if swa is None:
        return f"tokens={allocator.available_size()}"
    return f"full={full} swa={swa} free={allocator.available_size()}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.speculative_step_id = speculative_step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        if self.speculative_step_id == 0:
            logger.info(
                "trtllm_mha init (draft=%s): %s, swa pool=%s",
                model_runner.is_draft_worker,
                _describe_capacity(model_runner.token_to_kv_pool_allocator),
                self.use_sliding_window_kv_pool,
            )

    def _build_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is None:
            return loc
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        page_table = self._build_page_table(loc)
        return (self._swa_kv_pool or self.token_to_kv_pool), page_table
