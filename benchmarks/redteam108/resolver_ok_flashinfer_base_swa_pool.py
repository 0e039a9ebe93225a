"""FlashInfer attention backend, decode wrapper slice (downstream fork).

Keeps upstream ``_resolve_swa_kv_pool`` semantics; the fork only adds a
``SGLANG_FLASHINFER_SWA_VERBOSE`` switch that logs which pool was selected.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


class DecodeWrapperState:
    """Holds what ``call_begin_forward`` would hand to the flashinfer wrapper."""

    def __init__(self) -> None:
        self.kv_indices: Optional[torch.Tensor] = None
        self.use_swa_indices = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.decode_backend = "fa2"
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[BaseSWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.decode_state = DecodeWrapperState()

        if get_bool_env_var("SGLANG_FLASHINFER_SWA_VERBOSE"):
            logger.info(
                "flashinfer: active=%s swa=%s draft=%s",
                type(self.token_to_kv_pool).__name__,
                type(self._swa_kv_pool).__name__ if self._swa_kv_pool else None,
                model_runner.is_draft_worker,
            )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def call_begin_forward(self, kv_indices: torch.Tensor) -> None:
        state = self.decode_state
        state.use_swa_indices = self.use_sliding_window_kv_pool
        if state.use_swa_indices:
            kv_last_index = kv_indices.shape[0]
            kv_indices = kv_indices.clone()
            kv_indices[:kv_last_index] = self._swa_kv_pool.translate_loc_from_full_to_swa(
                kv_indices[:kv_last_index]
            )
        state.kv_indices = kv_indices

    def forward_decode(self, loc: torch.Tensor):
        self.call_begin_forward(loc)
        pool = self._swa_kv_pool if self.decode_state.use_swa_indices else self.token_to_kv_pool
        return pool, self.decode_state.kv_indices
