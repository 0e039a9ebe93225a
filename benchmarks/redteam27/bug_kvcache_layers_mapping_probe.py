"""Per-layer SWA/full dispatching backend that looks up the layer mapping of the KV cache."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import torch

logger = logging.getLogger(__name__)


@dataclass
class LayerRoute:
    pool_layer_id: int
    is_swa: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator

        # The cache that owns the token slots carries the hybrid layer layout.
        kv_cache = allocator.get_kvcache()
        mapping: Optional[Dict[int, Tuple[int, bool]]] = getattr(kv_cache, "layers_mapping", None)
        if mapping:
            self.kv_cache = kv_cache
            self.routes = {lid: LayerRoute(idx, swa) for lid, (idx, swa) in mapping.items()}
        else:
            self.kv_cache = model_runner.token_to_kv_pool
            self.routes = {}
        self.has_swa_layers = any(r.is_swa for r in self.routes.values())
        logger.debug("routes: %s", self.routes)

    def route(self, layer_id: int) -> Optional[LayerRoute]:
        return self.routes.get(layer_id)

    def init_forward_metadata(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor):
        max_len = int(seq_lens.max().item())
        self.page_table = self.req_to_token[req_pool_indices, :max_len]

    def forward_decode(self, loc):
        if self.has_swa_layers:
            loc = self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
