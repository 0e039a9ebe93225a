"""Decode backend that sizes its window scratch space from the allocator.

The allocator's ``size_swa`` bounds how many window slots can be live at
once, which is what the per-step index buffer is sized to. Whether decode
goes through the window index space is decided by the pool this runner
reads (a hybrid pool carries its own ``size_swa``).
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 16):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_budget: int = int(getattr(allocator, "size_swa", 0) or allocator.size)
        self.scratch_len = min(self.window_budget, max_bs * 64)
        pool_window: Optional[int] = getattr(self.kv_pool, "size_swa", None)
        self.use_window = pool_window is not None
        logger.info(
            "window budget=%d scratch=%d pool_window=%s",
            self.window_budget,
            self.scratch_len,
            pool_window,
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_window:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
