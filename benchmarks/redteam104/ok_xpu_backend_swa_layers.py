"""Intel XPU attention backend.

Runs the sgl-kernel-xpu flash decode on XPU devices and a torch reference elsewhere.
Hybrid sliding-window models are detected from the KV pool this runner reads; the
allocator's window capacity is reported for observability only.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _xpu_available() -> bool:
    return hasattr(torch, "xpu") and torch.xpu.is_available()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, decode_block_size: int = 64):
        super().__init__()
        self.on_xpu = _xpu_available()
        self.decode_block_size = decode_block_size if self.on_xpu else 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "xpu attn: on_xpu=%s block=%d swa=%s alloc_swa_size=%s",
            self.on_xpu,
            self.decode_block_size,
            self.swa_pool is not None,
            getattr(allocator, "size_swa", None),
        )

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.swa_pool is not None
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._window_locations(loc)
