"""Triton attention backend, decode slice (fork).

Upstream keeps a handle to the token allocator; our fork uses it to export a
free-slot gauge on every decode step when ``--enable-metrics`` is set. The
sliding-window switch is the upstream one on the active KV pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FreeSlotGauge:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.last_value: Optional[int] = None

    def observe(self, value: int) -> None:
        if self.enabled:
            self.last_value = value


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.is_draft_runner = model_runner.is_draft_worker
        self._gauge = _FreeSlotGauge(
            bool(getattr(model_runner.server_args, "enable_metrics", False))
        )

    def _record_metrics(self) -> None:
        if self._gauge.enabled:
            self._gauge.observe(self.token_to_kv_pool_allocator.available_size())

    def _get_swa_out_cache_loc(self, out_cache_loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        self._record_metrics()
        swa_out_cache_loc = self._get_swa_out_cache_loc(loc)
        if swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, swa_out_cache_loc
