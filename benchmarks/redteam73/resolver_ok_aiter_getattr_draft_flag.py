"""AITER (ROCm) attention backend, decode translation path.

Sliding window attention: resolve the SWA pool rather than reading it straight
off the active pool, since a frozen-KV MTP draft worker's active pool is its
own draft pool while its draft path reads target KV.
"""

from __future__ import annotations

import os

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_bool_env_var(name: str, default: str = "false") -> bool:
    return os.getenv(name, default).strip().lower() in ("1", "true", "yes")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

        def _pool_is_vec5d(pool):
            if isinstance(pool, SWAKVPool):
                return getattr(pool.full_kv_pool, "kv_cache_layout", "nhd") == "vectorized_5d"
            return getattr(pool, "kv_cache_layout", "nhd") == "vectorized_5d"

        self.kv_cache_is_vectorized_5d = _pool_is_vec5d(model_runner.token_to_kv_pool)

        if self.use_sliding_window_kv_pool:
            self.use_triton_unified_attention = True
        else:
            self.use_triton_unified_attention = get_bool_env_var("SGLANG_USE_AITER_UNIFIED_ATTN")

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        Mirrors ``TRTLLMHAAttnBackend._resolve_swa_kv_pool``.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, swa_out_cache_loc
        return self.token_to_kv_pool, loc
