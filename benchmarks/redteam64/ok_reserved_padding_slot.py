"""SWA decode backend that reserves a padding KV slot for CUDA-graph replay.

Padded batch entries during graph replay write their (discarded) KV into a single
reserved slot instead of slot 0, which the radix cache may still reference. The
slot is taken from the shared allocator at init and handed back on shutdown.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_padding_slot: bool = True):
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        self.padding_slot: Optional[torch.Tensor] = None
        if reserve_padding_slot:
            slot = self.token_to_kv_pool_allocator.alloc(1)
            if slot is None:
                raise RuntimeError(
                    "could not reserve a padding KV slot: "
                    + self.token_to_kv_pool_allocator.debug_print()
                )
            self.padding_slot = slot

        self.swa_kv_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def release(self) -> None:
        if self.padding_slot is not None:
            self.token_to_kv_pool_allocator.free(self.padding_slot)
            self.padding_slot = None

    def pad_locations(self, loc: torch.Tensor, padded_bs: int) -> torch.Tensor:
        if self.padding_slot is None or loc.numel() >= padded_bs:
            return loc
        pad = self.padding_slot.to(loc.device).expand(padded_bs - loc.numel())
        return torch.cat([loc, pad.to(loc.dtype)])

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
