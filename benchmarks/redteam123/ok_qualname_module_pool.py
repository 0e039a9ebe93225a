"""Plugin-friendly decode backend: hybrid pools are identified by dotted path.

Out-of-tree pools can opt in by being registered under
``EXTRA_WINDOW_POOL_PATHS``.
"""

from __future__ import annotations

import logging
from typing import Set

import torch

logger = logging.getLogger(__name__)

WINDOW_POOL_PATHS: Set[str] = {
    "sglang.srt.mem_cache.swa_memory_pool.SWAKVPool",
}
EXTRA_WINDOW_POOL_PATHS: Set[str] = set()


def dotted_path(obj) -> str:
    cls = type(obj)
    return f"{cls.__module__}.{cls.__qualname__}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        self.kv_pool = model_runner.token_to_kv_pool
        path = dotted_path(self.kv_pool)
        self.windowed = path in WINDOW_POOL_PATHS or path in EXTRA_WINDOW_POOL_PATHS
        if strict and not self.windowed and "swa" in path.lower():
            raise ValueError(f"pool {path} looks windowed but is not registered")
        logger.debug("plugin decode backend: pool=%s windowed=%s", path, self.windowed)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.kv_pool
        if self.windowed:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
