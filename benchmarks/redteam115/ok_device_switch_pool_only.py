"""Decode backend with per-device index dtype handling.

Ascend and some XPU kernels want int32 slot indices, CUDA/CPU keep int64.
``SGLANG_DISABLE_SWA_REMAP=1`` turns the sliding-window remap off for
debugging full-window numerics.
"""

import logging
import os
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_INDEX_DTYPE: Dict[str, torch.dtype] = {
    "cuda": torch.int64,
    "cpu": torch.int64,
    "npu": torch.int32,
    "xpu": torch.int32,
}


def _env_flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default).lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner, device: str = None):
        dev = torch.device(device or model_runner.device).type
        self.index_dtype = _INDEX_DTYPE.get(dev, torch.int64)
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.remap_swa = isinstance(self.pool, SWAKVPool) and not _env_flag(
            "SGLANG_DISABLE_SWA_REMAP"
        )
        if dev not in _INDEX_DTYPE:
            logger.warning("device %s not tuned; defaulting to int64 indices", dev)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.remap_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc.to(self.index_dtype)
