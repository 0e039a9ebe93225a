"""Decode backend whose cache-layout handling is pluggable.

Layout probes register themselves in ``_LAYOUT_PROBES`` at import time via the
``register_layout`` decorator.  At construction the backend walks the registry in
registration order and adopts the first layout whose probe accepts the runner.
"""

import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

LayoutProbe = Callable[[object], bool]
_LAYOUT_PROBES: Dict[str, LayoutProbe] = {}


def register_layout(name: str):
    def deco(fn: LayoutProbe) -> LayoutProbe:
        _LAYOUT_PROBES[name] = fn
        return fn

    return deco


@register_layout("hybrid_swa")
def _probe_hybrid_swa(model_runner) -> bool:
    allocator = model_runner.token_to_kv_pool_allocator
    return getattr(allocator, "full_to_swa_index_mapping", None) is not None


@register_layout("full")
def _probe_full(model_runner) -> bool:
    return True


def select_layout(model_runner) -> str:
    for name, probe in _LAYOUT_PROBES.items():
        if probe(model_runner):
            return name
    raise RuntimeError("no KV layout matched")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.layout = select_layout(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        logger.info("attention backend using %s KV layout", self.layout)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.layout == "hybrid_swa":
            window_pool = self.allocator.get_kvcache()
            return window_pool, window_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
