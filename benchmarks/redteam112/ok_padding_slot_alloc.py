"""Reserve a padding KV slot for CUDA-graph replays.

Padded requests in a captured batch need a valid write location. We reserve a
single slot from the token allocator at init and release it on shutdown.
Reads go through the runner's own KV pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PaddingSlot:
    def __init__(self, allocator):
        self.allocator = allocator
        self.index: Optional[torch.Tensor] = allocator.alloc(1)
        if self.index is None:
            logger.warning("could not reserve padding slot; graphs will use slot 0")

    def fill(self, loc: torch.Tensor, bs: int) -> torch.Tensor:
        if self.index is None or loc.numel() >= bs:
            return loc
        pad = self.index.to(loc.dtype).expand(bs - loc.numel())
        return torch.cat([loc, pad])

    def release(self) -> None:
        if self.index is not None:
            self.allocator.free(self.index)
            self.index = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_padding: bool = False):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.padding = (
            PaddingSlot(model_runner.token_to_kv_pool_allocator) if enable_padding else None
        )

    def forward_decode(self, loc: torch.Tensor, padded_bs: Optional[int] = None):
        if self.padding is not None and padded_bs is not None:
            loc = self.padding.fill(loc, padded_bs)
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def __del__(self):
        if getattr(self, "padding", None) is not None:
            self.padding.release()
