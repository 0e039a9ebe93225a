"""Decode backend that inspects the allocator-managed cache for window layers.

``inspect.getmembers`` is used on the cache returned by the allocator so the
layer split (``swa_layer_nums`` / ``full_layer_nums``) is available without
depending on a specific pool implementation.
"""

import inspect
import logging
from typing import Dict, Any

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _scalar_members(obj) -> Dict[str, Any]:
    return {
        name: value
        for name, value in inspect.getmembers(obj)
        if not name.startswith("_") and isinstance(value, (int, bool))
    }


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_layout: bool = True):
        super().__init__()
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        members = _scalar_members(cache)
        self.swa_layer_nums = members.get("swa_layer_nums", 0)
        self.full_layer_nums = members.get("full_layer_nums", members.get("layer_num", 0))
        if self.swa_layer_nums > 0:
            self.kv_cache = cache
        else:
            self.kv_cache = model_runner.token_to_kv_pool
        if log_layout:
            logger.info(
                "kv layout: %d full layers, %d window layers",
                self.full_layer_nums,
                self.swa_layer_nums,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_layer_nums > 0:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
