"""Decode backend with per-pool-type location handlers.

A dispatch table maps the concrete KV pool class to the function that turns
full-pool locations into read locations for that pool.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _full_locations(pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _swa_locations(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.full_to_swa_index_mapping[loc]


_LOC_HANDLERS: Dict[type, Callable] = {
    SWAKVPool: _swa_locations,
    MHATokenToKVPool: _full_locations,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._loc_handler = _LOC_HANDLERS.get(type(self.kv_pool), _full_locations)
        self.max_bs = model_runner.req_to_token_pool.size
        self.seq_lens_buf = torch.zeros(self.max_bs, dtype=torch.int32, device=self.device)
        logger.info(
            "KV location handler for %s: %s",
            type(self.kv_pool).__name__,
            self._loc_handler.__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        self.seq_lens_buf[: loc.numel()].fill_(1)
        return self.kv_pool, self._loc_handler(self.kv_pool, loc)
