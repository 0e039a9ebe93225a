"""Hybrid-attention decode backend keyed on a set of local layer ids.

The set of local attention layers is fixed at construction; for those layers the
backend reads KV through the full->SWA index map.
"""

import logging
from typing import FrozenSet, Iterable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_DEFAULT_SWA_LAYERS = (0, 1, 2, 4, 5, 6, 8, 9, 10)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, swa_layer_ids: Optional[Iterable[int]] = None):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_layer_ids: FrozenSet[int] = frozenset(
            _DEFAULT_SWA_LAYERS if swa_layer_ids is None else swa_layer_ids
        )
        # Hybrid caches expose a full->swa index mapping.
        self.has_swa_mapping = getattr(allocator, "full_to_swa_index_mapping", None) is not None
        self.current_layer = 0
        logger.info(
            "hybrid decode backend: %d local layers, swa mapping=%s",
            len(self.swa_layer_ids),
            self.has_swa_mapping,
        )

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.has_swa_mapping and layer_id in self.swa_layer_ids

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa_layer(self.current_layer):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
