"""Decode backend that sizes its split-KV workspace from the KV cache footprint.

The cache handed out by the token allocator drives both the workspace
estimate and the sliding-window switch.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_pair(size) -> Tuple[int, int]:
    return size if isinstance(size, tuple) else (size, 0)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_fraction: float = 0.01):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self._accounted_cache = allocator.get_kvcache()
        k_bytes, v_bytes = _as_pair(self._accounted_cache.get_kv_size_bytes())
        self.workspace_bytes = int((k_bytes + v_bytes) * workspace_fraction)
        self.sliding_window = isinstance(self._accounted_cache, SWAKVPool)
        logger.info(
            "workspace=%d bytes sliding_window=%s", self.workspace_bytes, self.sliding_window
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
