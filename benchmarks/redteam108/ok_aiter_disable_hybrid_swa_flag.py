"""AITER decode backend honoring ``--disable-hybrid-swa-memory`` (fork).

When hybrid SWA memory is disabled the model runs on a plain full-attention
pool, so we skip the SWA page-table path explicitly instead of relying on the
pool type alone. Also logs the KV cache dtype for our ROCm triage reports.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _pool_is_vec5d(pool) -> bool:
    if isinstance(pool, SWAKVPool):
        return getattr(pool.full_kv_pool, "kv_cache_layout", "nhd") == "vectorized_5d"
    return getattr(pool, "kv_cache_layout", "nhd") == "vectorized_5d"


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        server_args = model_runner.server_args
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.disable_hybrid_swa = bool(getattr(server_args, "disable_hybrid_swa_memory", False))
        self.kv_cache_dtype = getattr(server_args, "kv_cache_dtype", "auto")

        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if not self.disable_hybrid_swa and isinstance(pool, SWAKVPool):
            self.swa_kv_pool = pool
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.kv_cache_is_vectorized_5d = _pool_is_vec5d(pool)

        logger.info(
            "aiter: kv_dtype=%s swa=%s vec5d=%s draft=%s",
            self.kv_cache_dtype,
            self.use_sliding_window_kv_pool,
            self.kv_cache_is_vectorized_5d,
            model_runner.is_draft_worker,
        )

    def forward_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, swa_out_cache_loc
        return self.token_to_kv_pool, loc
