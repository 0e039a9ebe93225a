"""Decode backend with per-allocator usage formatters.

Formatters are registered by allocator class name and only render the
occupancy line the scheduler logs; KV access goes through the runner's own
pool.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_USAGE_FORMATTERS: Dict[str, Callable[[object], str]] = {}


def usage_formatter(alloc_name: str):
    def deco(fn):
        _USAGE_FORMATTERS[alloc_name] = fn
        return fn

    return deco


@usage_formatter("SWATokenToKVPoolAllocator")
def _fmt_swa(allocator) -> str:
    return (
        f"full_avail={allocator.full_available_size()} "
        f"swa_avail={allocator.swa_available_size()}"
    )


@usage_formatter("TokenToKVPoolAllocator")
def _fmt_plain(allocator) -> str:
    return f"avail={allocator.available_size()}"


def format_usage(allocator) -> str:
    fmt = _USAGE_FORMATTERS.get(type(allocator).__name__, _fmt_plain)
    return fmt(allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.log_every = log_every
        self._steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self.log_every and self._steps % self.log_every == 0:
            logger.info("decode step %d: %s", self._steps, format_usage(self.allocator))
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
