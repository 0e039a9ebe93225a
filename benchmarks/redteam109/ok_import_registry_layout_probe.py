"""Decode backend whose cache-layout handling is pluggable.

Layout probes register themselves in ``_LAYOUT_PROBES`` at import time via the
``register_layout`` decorator; stat hooks register in ``_STAT_HOOKS`` the same way
and are reported alongside each step.  The first probe that accepts the runner's
KV pool decides the layout.
"""

import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LAYOUT_PROBES: Dict[str, Callable[[object], bool]] = {}
_STAT_HOOKS: Dict[str, Callable[[object], int]] = {}


def register_layout(name: str):
    def deco(fn):
        _LAYOUT_PROBES[name] = fn
        return fn

    return deco


def register_stat(name: str):
    def deco(fn):
        _STAT_HOOKS[name] = fn
        return fn

    return deco


@register_layout("hybrid_swa")
def _probe_hybrid_swa(kv_pool) -> bool:
    return isinstance(kv_pool, SWAKVPool)


@register_layout("full")
def _probe_full(kv_pool) -> bool:
    return True


@register_stat("free_tokens")
def _free_tokens(model_runner) -> int:
    return int(model_runner.token_to_kv_pool_allocator.available_size())


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = next(n for n, probe in _LAYOUT_PROBES.items() if probe(self.kv_pool))
        logger.info("attention backend using %s KV layout", self.layout)

    def step_stats(self) -> Dict[str, int]:
        return {name: hook(self.model_runner) for name, hook in _STAT_HOOKS.items()}

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.layout == "hybrid_swa":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
