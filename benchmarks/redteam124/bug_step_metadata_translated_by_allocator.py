"""Decode backend that keeps per-layer step metadata for hybrid attention models.

Metadata is rebuilt per step into a dict keyed by layer id; windowed layers get
their cache locations remapped into the SWA region before the kernel launch.
"""

from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class LayerStepMetadata:
    cache_loc: torch.Tensor
    windowed: bool = False
    extra: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: Optional[int] = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.remap_windowed = hasattr(self.allocator, "swa_attn_allocator")
        self.num_layers = num_layers or self.kv_pool.layer_num
        self.step_metadata: Dict[int, LayerStepMetadata] = {}

    def _build_step_metadata(self, loc: torch.Tensor) -> None:
        self.step_metadata.clear()
        windowed_loc = (
            self.allocator.translate_loc_from_full_to_swa(loc) if self.remap_windowed else loc
        )
        for layer_id in range(self.num_layers):
            windowed = self.remap_windowed and layer_id % 2 == 0
            self.step_metadata[layer_id] = LayerStepMetadata(
                cache_loc=windowed_loc if windowed else loc, windowed=windowed
            )

    def forward_decode(self, loc: torch.Tensor):
        self._build_step_metadata(loc)
        meta = self.step_metadata[0]
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, meta.cache_loc
