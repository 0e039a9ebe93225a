"""Decode backend with per-allocator location handlers.

The allocator class name selects how full-pool locations are turned into
read locations, so hybrid allocators can plug in their own translation.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)


def _full_locations(model_runner, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _swa_locations(model_runner, loc: torch.Tensor) -> torch.Tensor:
    allocator = model_runner.token_to_kv_pool_allocator
    return allocator.translate_loc_from_full_to_swa(loc)


_LOC_HANDLERS: Dict[str, Callable] = {
    "TokenToKVPoolAllocator": _full_locations,
    "PagedTokenToKVPoolAllocator": _full_locations,
    "SWATokenToKVPoolAllocator": _swa_locations,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self._loc_handler = _LOC_HANDLERS.get(allocator_name, _full_locations)
        self.max_bs = model_runner.req_to_token_pool.size
        self.seq_lens_buf = torch.zeros(self.max_bs, dtype=torch.int32, device=self.device)
        logger.info("KV location handler for %s: %s", allocator_name, self._loc_handler.__name__)

    def forward_decode(self, loc: torch.Tensor):
        self.seq_lens_buf[: loc.numel()].fill_(1)
        return self.kv_pool, self._loc_handler(self.model_runner, loc)
