"""Triton-style decode backend passing the resolved SWA pool's mapping tensor by keyword."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    kv_indices: torch.Tensor,
    *,
    full_to_swa_index_mapping: Optional[torch.Tensor] = None,
    window_size: Optional[int] = None,
) -> torch.Tensor:
    if window_size is not None and kv_indices.numel() > window_size:
        kv_indices = kv_indices[-window_size:]
    if full_to_swa_index_mapping is None:
        return kv_indices
    return full_to_swa_index_mapping[kv_indices].long()


class _WindowState:
    def __init__(self, pool):
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

    @property
    def mapping(self) -> Optional[torch.Tensor]:
        if self.swa_pool is None:
            return None
        return self.swa_pool.full_to_swa_index_mapping


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_size = getattr(model_runner, "sliding_window_size", None)
        self.window_state = _WindowState(self.token_to_kv_pool)
        logger.info("window mapping present=%s", self.window_state.mapping is not None)

    def forward_decode(self, loc):
        kv_indices = update_sliding_window_buffer(
            loc,
            full_to_swa_index_mapping=self.window_state.mapping,
            window_size=self.window_size,
        )
        return self.token_to_kv_pool, kv_indices
