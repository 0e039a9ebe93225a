"""Decode backend that introspects the active pool's class for window support.

Only methods defined on the pool class are considered, which avoids
touching large buffer attributes while probing.
"""

import inspect
import logging
from typing import FrozenSet

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _method_names(cls) -> FrozenSet[str]:
    return frozenset(name for name, _ in inspect.getmembers(cls, inspect.isfunction))


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_layout: bool = False):
        super().__init__()
        self.kv_cache = model_runner.token_to_kv_pool
        methods = _method_names(type(self.kv_cache))
        self.supports_window = (
            "translate_loc_from_full_to_swa" in methods and "register_mapping" in methods
        )
        if log_layout:
            logger.info(
                "pool %s window support=%s", type(self.kv_cache).__name__, self.supports_window
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.supports_window:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
