"""Pure-torch attention fallback for platforms without a tuned kernel.

Used on CPU, early NPU bring-up and for numerics debugging on GPU
(``SGLANG_ATTN_FORCE_TORCH=1``). Window layers go through the SWA pool's own index
remap so the fallback reads exactly what the tuned kernels read.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_FORCE_TORCH = os.environ.get("SGLANG_ATTN_FORCE_TORCH", "0") == "1"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scaling: Optional[float] = None):
        super().__init__()
        self.scaling = scaling
        self.use_torch = _FORCE_TORCH or not torch.cuda.is_available()
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "torch fallback=%s swa=%s available=%d",
            self.use_torch,
            self.swa_pool is not None,
            allocator.available_size(),
        )

    def _attend(self, q, k, v):
        scale = self.scaling if self.scaling is not None else q.shape[-1] ** -0.5
        return torch.softmax((q @ k.transpose(-1, -2)) * scale, dim=-1) @ v

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, loc
        return self.token_to_kv_pool, loc
