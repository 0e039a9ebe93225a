"""FlashAttention-style decode metadata builder for hybrid SWA models.

The full->SWA index mapping tensor is captured once at backend construction and
carried on the per-step metadata, so CUDA-graph replay does not have to touch the
pool objects again.
"""

from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class SWADecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.use_cuda_graph = use_cuda_graph
        self.device = model_runner.device
        # Mapping tensor lives on the allocator; None for non-hybrid allocators.
        self.full_to_swa_index_mapping: Optional[torch.Tensor] = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        swa_loc = None
        if self.full_to_swa_index_mapping is not None:
            swa_loc = self.full_to_swa_index_mapping[loc]
        self.forward_metadata = SWADecodeMetadata(cache_loc=loc, swa_cache_loc=swa_loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        read_loc = md.swa_cache_loc if md.swa_cache_loc is not None else md.cache_loc
        return self.kv_pool, read_loc
