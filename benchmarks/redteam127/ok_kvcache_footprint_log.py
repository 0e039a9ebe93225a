"""Decode backend that logs the KV cache footprint it is attached to.

The footprint (token slots, sliding-window slots, layers) is read from the
allocator's KV cache once at start-up for the server log.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def describe_kvcache(kvcache) -> str:
    parts = [f"type={type(kvcache).__name__}"]
    for attr in ("size", "size_swa", "layer_num", "page_size"):
        value = getattr(kvcache, attr, None)
        if value is not None:
            parts.append(f"{attr}={value}")
    return ", ".join(parts)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = True):
        if verbose:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.info("attached KV cache: %s", describe_kvcache(shared))
        self.model_config = model_runner.model_config
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        kv_pool = self.kv_pool
        if not isinstance(kv_pool, SWAKVPool):
            return kv_pool, loc
        return kv_pool, kv_pool.translate_loc_from_full_to_swa(loc)
