"""Forward metadata for the hybrid SWA decode path.

``DecodeMetadata`` is rebuilt every step and carries the pool and the (possibly
remapped) cache locations the kernels consume.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    pool: KVCache
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None

    @property
    def read_loc(self) -> torch.Tensor:
        return self.swa_cache_loc if self.swa_cache_loc is not None else self.cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        pool = self.token_to_kv_pool
        swa_loc = None
        if isinstance(pool, SWAKVPool):
            swa_loc = pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(pool=pool, cache_loc=loc, swa_cache_loc=swa_loc)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        return md.pool, md.read_loc
