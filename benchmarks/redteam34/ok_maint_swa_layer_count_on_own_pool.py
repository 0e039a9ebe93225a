"""Decode backend splitting SWA and full layers by the layer counts of its own KV pool."""

import logging
from typing import Dict, Tuple

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        self.num_swa_layers = getattr(self.kv_pool, "swa_layer_nums", 0)
        self.layers_mapping: Dict[int, Tuple[int, bool]] = (
            dict(self.kv_pool.layers_mapping) if self.num_swa_layers > 0 else {}
        )
        logger.info(
            "decode: %d SWA layers, page_size=%d, allocator=%s",
            self.num_swa_layers,
            self.page_size,
            type(allocator).__name__,
        )

    def is_swa_layer(self, layer_id: int) -> bool:
        entry = self.layers_mapping.get(layer_id)
        return bool(entry and entry[1])

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc
        self.swa_out_cache_loc = self._swa_loc(out_cache_loc) if self.num_swa_layers > 0 else None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.num_swa_layers > 0:
            return self.kv_pool, self._swa_loc(loc)
        return self.kv_pool, loc
