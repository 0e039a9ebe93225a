"""FlashInfer sliding-window updater (fork edit).

``FlashInferIndicesUpdaterDecode.update_sliding_window`` trimmed to a single
wrapper. SWA support is enabled when the KV budget reserves SWA capacity
(``size_swa``), which lets us turn it off just by setting the SWA ratio to 0.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, token_to_kv_pool, use_sliding_window_kv_pool: bool, window: Optional[int]):
        self.token_to_kv_pool = token_to_kv_pool
        self.use_sliding_window_kv_pool = use_sliding_window_kv_pool
        self.sliding_window_size = window

    def update_sliding_window(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.sliding_window_size is not None and self.sliding_window_size > 0:
            kv_indices = kv_indices[-(self.sliding_window_size + 1) :]
        if self.use_sliding_window_kv_pool:
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa_capacity = getattr(allocator, "size_swa", 0) or 0
        self.use_sliding_window_kv_pool = swa_capacity > 0
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(
            self.token_to_kv_pool,
            self.use_sliding_window_kv_pool,
            sliding_window_size,
        )
        if self.use_sliding_window_kv_pool:
            logger.info("flashinfer: SWA capacity %d tokens", swa_capacity)

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self.indices_updater_decode.update_sliding_window(loc)
        return self.token_to_kv_pool, kv_indices
