"""Hybrid linear-attention wrapper whose full-attention child splits SWA and full layers."""

import logging
from typing import List, Optional

logger = logging.getLogger(__name__)


class _LinearAttnChild:
    def __init__(self, model_runner):
        self.state_pool = getattr(model_runner, "req_to_token_pool", None)

    def forward_decode(self, loc):
        raise NotImplementedError("linear layers are not paged")


class _FullAttnChild:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_layer_nums = getattr(kvcache, "swa_layer_nums", 0)
        self.full_layer_nums = getattr(kvcache, "full_layer_nums", kvcache.layer_num)
        self._layer_source = kvcache if self.swa_layer_nums else None

    def forward_decode(self, loc):
        if self._layer_source is not None:
            return self.kv_pool, self._layer_source.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.full_attn_backend = _FullAttnChild(model_runner)
        self.linear_attn_backend: Optional[_LinearAttnChild] = None
        if getattr(model_runner.model_config, "linear_attn_registry_result", None):
            self.linear_attn_backend = _LinearAttnChild(model_runner)
        self.attn_backend_list: List[object] = [self.full_attn_backend]
        if self.linear_attn_backend is not None:
            self.attn_backend_list.append(self.linear_attn_backend)
        logger.info(
            "hybrid linear wrapper: swa_layers=%d full_layers=%d linear=%s",
            self.full_attn_backend.swa_layer_nums,
            self.full_attn_backend.full_layer_nums,
            self.linear_attn_backend is not None,
        )

    def forward_decode(self, loc):
        return self.full_attn_backend.forward_decode(loc)
