"""Decode backend selecting its hybrid pool with a filtered comprehension."""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_ids: Optional[List[int]] = None):
        self.pool = model_runner.token_to_kv_pool
        (self.swa_pool,) = [p for p in (self.pool,) if isinstance(p, SWAKVPool)] or [None]
        self.swa_layers = (
            sorted(lid for lid, (_, is_swa) in self.swa_pool.layers_mapping.items() if is_swa)
            if self.swa_pool is not None
            else []
        )
        self.layer_ids = layer_ids or self.swa_layers

    def init_forward_metadata(self, forward_batch) -> None:
        self.seq_lens = getattr(forward_batch, "seq_lens", None)

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.swa_layers

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.pool
        locs = pool.translate_loc_from_full_to_swa(loc) if pool is self.swa_pool else loc
        return pool, locs
