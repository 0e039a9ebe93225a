"""Portable decode backend (CUDA / NPU / XPU / CPU).

On CUDA the hybrid pool is read directly. Other device ports go through the
allocator's cache handle, which keeps the SWA mapping tensor co-located with
the allocator's free lists on those platforms.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_FORCE_SYNC = os.environ.get("SGLANG_DECODE_FORCE_SYNC", "0") == "1"


def _device_type(device) -> str:
    return torch.device(device).type


class GeneratedAttnBackend:
    def __init__(self, model_runner, device: Optional[str] = None):
        self.device_type = _device_type(device or model_runner.device)
        if self.device_type == "cuda":
            pool = model_runner.token_to_kv_pool
        elif self.device_type in ("npu", "xpu", "cpu", "musa"):
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            raise NotImplementedError(f"decode backend not ported to {self.device_type}")
        self.pool: KVCache = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        logger.info("decode backend on %s (hybrid=%s)", self.device_type, self.swa_pool is not None)

    def _sync(self) -> None:
        if _FORCE_SYNC and self.device_type == "cuda":
            torch.cuda.synchronize()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            out = self.swa_pool.translate_loc_from_full_to_swa(loc)
            self._sync()
            return self.swa_pool, out
        return self.pool, loc
