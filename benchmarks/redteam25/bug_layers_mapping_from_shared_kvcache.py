"""Attention backend that looks up each layer's SWA/full role in the hybrid layer mapping."""

import logging
from dataclasses import dataclass
from typing import Dict, Tuple

import torch

logger = logging.getLogger(__name__)


@dataclass
class _LayerRole:
    index_in_pool: int
    is_swa: bool


class _RadixLayer:
    def __init__(self, layer_id, sliding_window_size):
        self.layer_id = layer_id
        self.sliding_window_size = sliding_window_size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.num_layers = getattr(model_runner.model_config, "num_hidden_layers", 4) or 4
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        raw: Dict[int, Tuple[int, bool]] = dict(getattr(kvcache, "layers_mapping", {}) or {})
        self.layer_roles = {lid: _LayerRole(idx, swa) for lid, (idx, swa) in raw.items()}
        self.any_swa = any(r.is_swa for r in self.layer_roles.values())
        logger.debug("layer roles: %s", {k: v.is_swa for k, v in self.layer_roles.items()})
        self.forward_metadata = None

    def _is_swa_layer(self, layer) -> bool:
        role = self.layer_roles.get(layer.layer_id)
        return role is not None and role.is_swa

    def init_forward_metadata(self, loc, mode="decode"):
        self.forward_metadata = {"loc": loc.to(torch.int64), "mode": mode, "swa_loc": None}

    def _cache_loc(self, layer):
        md = self.forward_metadata
        if not self._is_swa_layer(layer):
            return md["loc"]
        if md["swa_loc"] is None:
            md["swa_loc"] = self.token_to_kv_pool.translate_loc_from_full_to_swa(md["loc"])
        return md["swa_loc"]

    def forward(self, loc, layer, mode="decode"):
        if mode == "extend" or layer.layer_id == 0:
            self.init_forward_metadata(loc, mode)
        return self.token_to_kv_pool, self._cache_loc(layer)

    def forward_decode(self, loc):
        return self.forward(loc, _RadixLayer(0, 4096))
