"""Decode backend for hybrid sliding-window models (Gemma-3 / GPT-OSS style).

The runner is treated as hybrid when any of its memory handles carries the full->SWA index
mapping. The active pool is then used for both buffer access and location translation.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_SWA_MARKER = "full_to_swa_index_mapping"


class DecodeMetadata:
    __slots__ = ("kv_locations", "is_swa")

    def __init__(self, kv_locations: torch.Tensor, is_swa: bool):
        self.kv_locations = kv_locations
        self.is_swa = is_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.model_runner = model_runner
        self.kv_layout = kv_layout
        handles = (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.is_hybrid_swa = any(hasattr(h, _SWA_MARKER) for h in handles)
        logger.info("decode backend: hybrid_swa=%s layout=%s", self.is_hybrid_swa, kv_layout)

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        pool = self.model_runner.token_to_kv_pool
        if self.is_hybrid_swa:
            return DecodeMetadata(pool.translate_loc_from_full_to_swa(loc), True)
        return DecodeMetadata(loc, False)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        metadata = self.init_forward_metadata(loc)
        return self.model_runner.token_to_kv_pool, metadata.kv_locations
