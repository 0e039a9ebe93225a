"""Decode KV adapters resolved by entry-point style names.

Adapters are addressed by a short name ("full" or "swa").  The name is chosen
from the memory layout: hybrid allocators report a separate SWA capacity via
``size_swa``, which selects the sliding-window adapter.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple

import torch

logger = logging.getLogger(__name__)

AdapterFn = Callable[[object, torch.Tensor], Tuple[object, torch.Tensor]]
KV_ADAPTERS: Dict[str, AdapterFn] = {}


def kv_adapter(name: str):
    def deco(fn: AdapterFn) -> AdapterFn:
        if name in KV_ADAPTERS:
            raise ValueError(f"duplicate kv adapter {name!r}")
        KV_ADAPTERS[name] = fn
        return fn

    return deco


@kv_adapter("full")
def _full(pool, loc):
    return pool, loc


@kv_adapter("swa")
def _swa(pool, loc):
    return pool, pool.translate_loc_from_full_to_swa(loc)


def adapter_name(allocator) -> str:
    return "swa" if getattr(allocator, "size_swa", 0) else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner, adapter: str = ""):
        self.pool = model_runner.token_to_kv_pool
        self.adapter_name = adapter or adapter_name(model_runner.token_to_kv_pool_allocator)
        self._adapter = KV_ADAPTERS[self.adapter_name]
        logger.info("kv adapter: %s", self.adapter_name)

    def forward_decode(self, loc: torch.Tensor):
        return self._adapter(self.pool, loc)
