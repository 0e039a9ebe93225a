"""FlashInfer backend with allocator-synchronised KV pool handle.

Fork change: after we added runtime KV resizing (``resize`` on the allocator),
the pool object the wrappers bind to is taken from the allocator so both
sides always agree on the cache instance after a resize.
"""

from __future__ import annotations

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DECODE_USE_TENSOR_CORES = os.environ.get("SGLANG_FLASHINFER_DECODE_TC", "auto")


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.req_to_token_pool = model_runner.req_to_token_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache_dtype = getattr(model_runner.server_args, "kv_cache_dtype", "auto")
        self._refresh_pool()
        logger.debug(
            "flashinfer: decode tensor cores=%s kv dtype=%s swa=%s",
            _DECODE_USE_TENSOR_CORES,
            self.kv_cache_dtype,
            self.use_sliding_window_kv_pool,
        )

    def _refresh_pool(self) -> None:
        self.token_to_kv_pool = self._allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _decode_indices(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return kv_indices
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)

    def forward_decode(self, loc: torch.Tensor, refresh: Optional[bool] = None):
        if refresh:
            self._refresh_pool()
        return self.token_to_kv_pool, self._decode_indices(loc)
