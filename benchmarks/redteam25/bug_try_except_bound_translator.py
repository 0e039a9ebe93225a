"""XPU-style backend that binds a full->SWA location translator once at construction."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class _Layer:
    def __init__(self, layer_id, sliding_window_size):
        self.layer_id = layer_id
        self.sliding_window_size = sliding_window_size


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill=False):
        self.device = getattr(model_runner, "device", "cpu")
        self.page_size = getattr(model_runner, "page_size", 1)
        self.num_q_heads = getattr(model_runner.model_config, "num_attention_heads", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self._translate: Optional[Callable] = None
        try:
            self._translate = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
        except AttributeError:
            logger.debug("no full->swa translator; all layers read full-pool slots")
        self.use_sliding_window_kv_pool = self._translate is not None
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        cache_loc = loc.to(torch.int64)
        swa_loc = self._translate(cache_loc) if self.use_sliding_window_kv_pool else None
        self.forward_metadata = (cache_loc, swa_loc)

    def _layer_cache_loc(self, layer):
        cache_loc, swa_loc = self.forward_metadata
        if (
            layer.sliding_window_size is not None
            and layer.sliding_window_size > -1
            and swa_loc is not None
        ):
            return swa_loc
        return cache_loc

    def forward_extend(self, loc, layer):
        self.init_forward_metadata(loc, mode="extend")
        return self.token_to_kv_pool, self._layer_cache_loc(layer)

    def forward(self, loc, layer, mode="decode"):
        if mode == "extend":
            return self.forward_extend(loc, layer)
        self.init_forward_metadata(loc, mode)
        return self.token_to_kv_pool, self._layer_cache_loc(layer)

    def forward_decode(self, loc):
        return self.forward(loc, _Layer(0, 512))
