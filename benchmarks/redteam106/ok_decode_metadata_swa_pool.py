"""Hybrid-SWA decode backend with a per-step metadata object.

`init_forward_metadata` computes the remapped sliding-window locations once per step so every
SWA layer reuses them; full-attention layers keep the original locations.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWADecodeMetadata:
    full_loc: torch.Tensor
    swa_loc: Optional[torch.Tensor] = None
    num_free_tokens: int = -1


class GeneratedAttnBackend:
    def __init__(self, model_runner, track_free: bool = True):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        self.track_free = track_free
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> SWADecodeMetadata:
        md = SWADecodeMetadata(full_loc=loc)
        if self.swa_kv_pool is not None:
            md.swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.track_free:
            md.num_free_tokens = self.token_to_kv_pool_allocator.available_size()
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.init_forward_metadata(loc)
        if md.swa_loc is None:
            return self.token_to_kv_pool, md.full_loc
        return self.swa_kv_pool, md.swa_loc
