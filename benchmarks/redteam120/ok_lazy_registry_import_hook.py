"""Lazily populated reader registry, filled from an entry-point style spec list.

Builtin readers are described as ``(module, class, reader)`` triples and only
imported on first lookup, keeping import of this module cheap.  Lookup is by
the class of the pool the backend reads.
"""

from __future__ import annotations

import importlib
import logging
import threading
from typing import Callable, Dict, List, Tuple

import torch

logger = logging.getLogger(__name__)

_BUILTIN_SPECS: List[Tuple[str, str, str]] = [
    ("sglang.srt.mem_cache.swa_memory_pool", "SWAKVPool", "swa"),
    ("sglang.srt.mem_cache.memory_pool", "KVCache", "full"),
]

_READERS_BY_KIND: Dict[str, Callable] = {
    "swa": lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    "full": lambda pool, loc: loc,
}

_registry: Dict[type, Callable] = {}
_lock = threading.Lock()


def _ensure_builtins() -> None:
    if _registry:
        return
    with _lock:
        for module_name, cls_name, kind in _BUILTIN_SPECS:
            cls = getattr(importlib.import_module(module_name), cls_name)
            _registry.setdefault(cls, _READERS_BY_KIND[kind])


def reader_for(pool) -> Callable:
    _ensure_builtins()
    for klass in type(pool).__mro__:
        if klass in _registry:
            return _registry[klass]
    return _READERS_BY_KIND["full"]


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "generated"):
        self.name = name
        self.kv_pool = model_runner.token_to_kv_pool
        self._reader = reader_for(self.kv_pool)
        alloc = model_runner.token_to_kv_pool_allocator
        self._debug = f"{name}[pool={type(self.kv_pool).__name__}, alloc={type(alloc).__name__}]"
        logger.debug("initialised %s", self._debug)

    def __repr__(self) -> str:
        return self._debug

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._reader(self.kv_pool, loc)
