"""Small type-keyed registry used to pick per-memory-layout decode handlers."""

from __future__ import annotations

from typing import Callable, Dict, Generic, Optional, Tuple, TypeVar

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

V = TypeVar("V")

LocTransform = Callable[[object, torch.Tensor], torch.Tensor]


class TypeRegistry(Generic[V]):
    """Map a class (and its subclasses, via MRO) to a value."""

    def __init__(self) -> None:
        self._entries: Dict[type, V] = {}

    def register(self, cls: type, value: V) -> None:
        self._entries[cls] = value

    def lookup(self, obj: object) -> Optional[V]:
        for klass in type(obj).__mro__:
            if klass in self._entries:
                return self._entries[klass]
        return None


LOC_TRANSFORMS: TypeRegistry[LocTransform] = TypeRegistry()
LOC_TRANSFORMS.register(
    SWATokenToKVPoolAllocator,
    lambda alloc, loc: alloc.translate_loc_from_full_to_swa(loc),
)


class GeneratedAttnBackend:
    def __init__(self, model_runner, registry: Optional[TypeRegistry[LocTransform]] = None):
        self.registry = registry or LOC_TRANSFORMS
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.transform = self.registry.lookup(self.allocator)
        self.kv_pool: KVCache = (
            self.allocator.get_kvcache()
            if self.transform is not None
            else model_runner.token_to_kv_pool
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.transform is None:
            return self.kv_pool, loc
        return self.kv_pool, self.transform(self.allocator, loc)
