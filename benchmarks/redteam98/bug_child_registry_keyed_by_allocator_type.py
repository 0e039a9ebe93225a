"""Registry-driven wrapper backend.

Child backends register a builder keyed by allocator class name.  The wrapper looks up the
builder for the runner's allocator and delegates decode to the built child.
"""

from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

_CHILD_BUILDERS: Dict[str, Callable] = {}


def register_child(allocator_cls_name: str):
    def deco(fn):
        _CHILD_BUILDERS[allocator_cls_name] = fn
        return fn

    return deco


class _Child:
    def __init__(self, pool, remap: bool):
        self.pool = pool
        self.remap = remap

    def forward_decode(self, loc: torch.Tensor):
        if self.remap:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


@register_child("SWATokenToKVPoolAllocator")
def _build_swa_child(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    return _Child(allocator.get_kvcache(), remap=True)


def _build_default_child(model_runner):
    return _Child(model_runner.token_to_kv_pool, remap=False)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        key = type(model_runner.token_to_kv_pool_allocator).__name__
        builder = _CHILD_BUILDERS.get(key, _build_default_child)
        self.child = builder(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
