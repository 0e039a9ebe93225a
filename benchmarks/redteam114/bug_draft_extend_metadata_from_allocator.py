"""Draft-extend and decode metadata for EAGLE draft backends.

Both paths share a ``ForwardMetadata`` record whose ``kv_pool`` field points at
the cache the kernels index into.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ForwardMetadata:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None
    kv_indices: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)

    def build_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is not None:
            self.kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.kv_indices = loc
        return self.kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_steps: int = 1):
        self.model_runner = model_runner
        self.num_steps = num_steps
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _new_metadata(self) -> ForwardMetadata:
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        swa = cache if isinstance(cache, SWAKVPool) else None
        return ForwardMetadata(kv_pool=cache, swa_pool=swa)

    def forward_draft_extend(self, loc: torch.Tensor):
        md = self._new_metadata()
        md.extra["mode"] = "draft_extend"
        self.forward_metadata = md
        return md.kv_pool, md.build_indices(loc)

    def forward_decode(self, loc: torch.Tensor):
        md = self._new_metadata()
        md.extra["mode"] = "decode"
        self.forward_metadata = md
        return md.kv_pool, md.build_indices(loc)
