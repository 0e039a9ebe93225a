"""Multiplexing handle over the allocator and the KV pool.

``KVHandle`` searches a list of delegates in order, so callers can use one
object for index bookkeeping and buffer access. The allocator is listed first
because its ``translate_loc_from_full_to_swa`` asserts that the mapping has
been registered, which catches ordering problems during warmup.
"""

from __future__ import annotations

from typing import Any, Sequence

import torch


class KVHandle:
    def __init__(self, *delegates: Any):
        self._delegates: Sequence[Any] = delegates

    def __getattr__(self, name: str) -> Any:
        for d in self._delegates:
            if hasattr(d, name):
                return getattr(d, name)
        raise AttributeError(f"none of the KV delegates provides {name!r}")

    def supports(self, name: str) -> bool:
        return any(hasattr(d, name) for d in self._delegates)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        self.strict = strict
        self.pool = model_runner.token_to_kv_pool
        self.kv = KVHandle(model_runner.token_to_kv_pool_allocator, self.pool)
        self.windowed = self.kv.supports("translate_loc_from_full_to_swa")

    def forward_decode(self, loc: torch.Tensor):
        if not self.windowed:
            return self.pool, loc
        return self.pool, self.kv.translate_loc_from_full_to_swa(loc)
