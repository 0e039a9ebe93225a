"""FlashInfer-style decode wrapper with precomputed location transforms.

The location transform applied before each decode launch is bound once in
``__init__`` with ``functools.partial``; a second partial binds the allocator's
free-slot counter for the periodic capacity log.
"""

import functools
import logging
from typing import Callable, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _identity_locs(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _window_locs(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


def _free_tokens(allocator) -> int:
    return int(allocator.available_size())


def build_loc_transform(kv_pool) -> Callable[[torch.Tensor], torch.Tensor]:
    if isinstance(kv_pool, SWAKVPool):
        return functools.partial(_window_locs, kv_pool)
    return _identity_locs


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, workspace_mb: int = 128, log_every: int = 1000):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.workspace_bytes = workspace_mb * 1024 * 1024
        self.log_every = log_every
        self._steps = 0
        self._loc_transform = build_loc_transform(self.kv_pool)
        self._free_tokens = functools.partial(_free_tokens, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        self._steps += 1
        if self._steps % self.log_every == 0:
            logger.info("decode step %d, free KV tokens: %d", self._steps, self._free_tokens())
        return self.kv_pool, self._loc_transform(loc)
