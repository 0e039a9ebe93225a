"""Picklable decode-side KV view.

Backends are snapshotted (``copy.copy`` / pickling for the metadata glue graph)
and the live pool handles must not be serialized, so ``__getstate__`` drops
them and ``__setstate__`` re-binds them from the runner's own KV pool.
Decode runs against a shallow snapshot so per-step scratch state does not leak
back into the long-lived backend object.
"""

import copy
from typing import Any, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_TRANSIENT = ("kv_pool", "swa_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner, tag: str = "decode"):
        self.model_runner = model_runner
        self.tag = tag
        self.step = 0
        self._bind_pools()

    def _bind_pools(self) -> None:
        self.kv_pool: KVCache = self.model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def __getstate__(self) -> Dict[str, Any]:
        state = self.__dict__.copy()
        for key in _TRANSIENT:
            state.pop(key, None)
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_pools()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        snap = copy.copy(self)
        snap.step += 1
        self.step = snap.step
        if snap.swa_pool is not None:
            return snap.swa_pool, snap.swa_pool.translate_loc_from_full_to_swa(loc)
        return snap.kv_pool, loc
