"""Decode backend that turns the allocator's ``debug_print()`` into gauges.

Older allocators only expose their hybrid counters through ``debug_print()``;
this backend parses the ``#name: value`` pairs out of that string and keeps
them in ``self.parsed_allocator_stats`` for the metrics exporter.
"""

import logging
import re
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_STAT_RE = re.compile(r"#([\w-]+):\s*(-?\d+)")


def parse_allocator_debug(text: str) -> Dict[str, int]:
    return {key.replace("-", "_"): int(val) for key, val in _STAT_RE.findall(text)}


class GeneratedAttnBackend:
    def __init__(self, model_runner, parse_every: int = 16):
        self.parse_every = parse_every
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.parsed_allocator_stats: Dict[str, int] = parse_allocator_debug(
            self.allocator.debug_print()
        )
        self._steps = 0
        if "swa_available_size" in self.parsed_allocator_stats:
            logger.debug("allocator reports hybrid counters: %s", self.parsed_allocator_stats)

    def _maybe_refresh(self) -> None:
        self._steps += 1
        if self._steps % self.parse_every == 0:
            self.parsed_allocator_stats = parse_allocator_debug(self.allocator.debug_print())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_refresh()
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
