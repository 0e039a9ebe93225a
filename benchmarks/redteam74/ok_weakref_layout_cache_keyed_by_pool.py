"""Sliding-window decode helpers with a weak per-cache layout table.

Layout info is attached to the KV cache object through a weak-keyed table so that it goes away
with the cache when a worker is torn down (e.g. on weight reload).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _Layout:
    is_hybrid: bool
    page_size: int


_LAYOUTS: "weakref.WeakKeyDictionary[KVCache, _Layout]" = weakref.WeakKeyDictionary()


def layout_for(kv_pool: KVCache, page_size: int) -> _Layout:
    layout = _LAYOUTS.get(kv_pool)
    if layout is None:
        layout = _Layout(is_hybrid=isinstance(kv_pool, SWAKVPool), page_size=page_size)
        _LAYOUTS[kv_pool] = layout
    return layout


class _FullPath:
    def __call__(self, kv_pool: KVCache, loc: torch.Tensor):
        return kv_pool, loc


class _WindowPath:
    def __call__(self, kv_pool: SWAKVPool, loc: torch.Tensor):
        return kv_pool, kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, attn_logit_softcapping: Optional[float] = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.softcap = attn_logit_softcapping
        self.layout = layout_for(self.kv_pool, model_runner.page_size)
        self._path = _WindowPath() if self.layout.is_hybrid else _FullPath()

    def forward_decode(self, loc: torch.Tensor):
        return self._path(self.kv_pool, loc)
