"""Triton-style decode backend with a disaggregation-aware pool hook.

``_BaseWindowedBackend`` resolves the KV pool from the model runner. The concrete
backend overrides the hook so that prefill/decode disaggregation, where the
allocator is the single source of truth for the KV cache layout, sees the same
object the transfer engine registered.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


class _BaseWindowedBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool: KVCache = self._select_kv_pool(model_runner)
        self.swa_pool: Optional[BaseSWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, BaseSWAKVPool) else None
        )

    def _select_kv_pool(self, model_runner) -> KVCache:
        return model_runner.token_to_kv_pool

    def _decode_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend(_BaseWindowedBackend):
    def __init__(self, model_runner, enable_pd_layout: bool = True):
        self.enable_pd_layout = enable_pd_layout
        super().__init__(model_runner)

    def _select_kv_pool(self, model_runner) -> KVCache:
        if self.enable_pd_layout:
            # Keep the layout identical to what the KV transfer engine registered.
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        return super()._select_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._decode_loc(loc)
