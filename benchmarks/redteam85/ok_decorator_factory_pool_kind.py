"""Decorator-driven dispatch of decode paths by KV pool kind.

``decode_path(kind)`` tags a method as the implementation for one pool kind;
``__init_subclass__`` collects the tagged methods into ``_paths`` so the
backend can dispatch on the kind of the runner's active pool.
"""

from __future__ import annotations

from typing import Callable, ClassVar, Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def decode_path(kind: str) -> Callable[[Callable], Callable]:
    def tag(fn: Callable) -> Callable:
        fn._decode_kind = kind
        return fn

    return tag


class _DispatchingBackend:
    _paths: ClassVar[Dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._paths = {
            getattr(fn, "_decode_kind"): name
            for name, fn in vars(cls).items()
            if callable(fn) and hasattr(fn, "_decode_kind")
        }


class GeneratedAttnBackend(_DispatchingBackend):
    def __init__(self, model_runner, free_token_hint: int = 0):
        self.model_runner = model_runner
        # Capacity hint only; dispatch below keys on the active pool.
        self.free_token_hint = (
            free_token_hint or model_runner.token_to_kv_pool_allocator.available_size()
        )
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        kind = "swa" if isinstance(self.kv_pool, SWAKVPool) else "full"
        self._impl = getattr(self, self._paths[kind])

    @decode_path("full")
    def _decode_full(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc

    @decode_path("swa")
    def _decode_swa(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._impl(loc)
