"""Decode backend that selects a slot translator by allocator type.

A registry maps allocator class names to translator factories. Hybrid SWA
allocators get a translator bound to the KV cache they were created with.
"""

from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

Translator = Callable[[torch.Tensor], torch.Tensor]


def _identity_factory(allocator) -> Translator:
    return lambda loc: loc


def _swa_factory(allocator) -> Translator:
    return allocator.get_kvcache().translate_loc_from_full_to_swa


TRANSLATOR_FACTORIES: Dict[str, Callable[..., Translator]] = {
    "TokenToKVPoolAllocator": _identity_factory,
    "PagedTokenToKVPoolAllocator": _identity_factory,
    "SWATokenToKVPoolAllocator": _swa_factory,
}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, factories: Dict[str, Callable[..., Translator]] = None):
        super().__init__()
        factories = factories or TRANSLATOR_FACTORIES
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_kind = type(allocator).__name__
        factory = factories.get(self.allocator_kind, _identity_factory)
        self.translate: Translator = factory(allocator)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate(loc)
