"""ROCm attention backend: AITER kernels when enabled, Triton otherwise.

``SGLANG_USE_AITER`` toggles the AITER decode kernels on gfx942/gfx950. The sliding
window view always comes from the KV pool owned by this runner, whichever kernel
family is active.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_hip() -> bool:
    return getattr(torch.version, "hip", None) is not None


def _use_aiter() -> bool:
    return _is_hip() and os.environ.get("SGLANG_USE_AITER", "0") == "1"


_KERNEL_FAMILY = {True: "aiter", False: "triton"}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.num_kv_splits = num_kv_splits
        self.kernel_family = _KERNEL_FAMILY[_use_aiter()]
        self.kv_pool = model_runner.token_to_kv_pool

        swa: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            swa = self.kv_pool
        self.swa_kv_pool = swa

        self._alloc_desc = type(model_runner.token_to_kv_pool_allocator).__name__
        logger.info(
            "rocm attn: family=%s splits=%d swa=%s allocator=%s",
            self.kernel_family,
            self.num_kv_splits,
            swa is not None,
            self._alloc_desc,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
