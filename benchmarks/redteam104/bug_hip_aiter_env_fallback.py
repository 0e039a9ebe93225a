"""ROCm attention backend with optional AITER kernels.

Set ``SGLANG_USE_AITER=1`` on MI300-class hardware to route decode through the AITER
paged-attention kernels. Without it (or off ROCm) the backend uses the Triton/torch
path, which needs the sliding-window remap applied before the gather.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _is_hip() -> bool:
    return torch.version.hip is not None


def _env_flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default).lower() in ("1", "true", "yes")


_USE_AITER = _is_hip() and _env_flag("SGLANG_USE_AITER")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        if _USE_AITER:
            # AITER reads the window buffers through the pool's own mapping.
            self.sliding_window = getattr(self.kv_pool, "swa_kv_pool", None) is not None
        else:
            self.sliding_window = hasattr(allocator, "translate_loc_from_full_to_swa")

        self.window_buffers: Optional[object] = self.kv_pool if self.sliding_window else None
        logger.info(
            "rocm attn: aiter=%s sliding_window=%s device=%s",
            _USE_AITER,
            self.sliding_window,
            self.device,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.window_buffers is not None:
            swa_loc = self.window_buffers.translate_loc_from_full_to_swa(loc)
            return self.window_buffers, swa_loc
        return self.kv_pool, loc
