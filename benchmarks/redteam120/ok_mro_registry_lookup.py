"""Class-keyed KV reader registry resolved along the pool's MRO.

Readers are registered against pool base classes; lookup walks
``type(pool).__mro__`` so subclasses of a registered family (for example a
custom SWA pool deriving from :class:`BaseSWAKVPool`) inherit its reader
without extra registration.
"""

import logging
from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LocationReader = Callable[[KVCache, torch.Tensor], torch.Tensor]


class KVReaderRegistry:
    _readers: Dict[type, LocationReader] = {}

    @classmethod
    def register(cls, pool_cls: type, reader: LocationReader) -> None:
        if pool_cls in cls._readers:
            logger.warning("Overriding KV reader for %s", pool_cls.__name__)
        cls._readers[pool_cls] = reader

    @classmethod
    def lookup(cls, pool_cls: type) -> Optional[LocationReader]:
        for klass in pool_cls.__mro__:
            reader = cls._readers.get(klass)
            if reader is not None:
                return reader
        return None


KVReaderRegistry.register(KVCache, lambda pool, loc: loc)
KVReaderRegistry.register(BaseSWAKVPool, lambda pool, loc: pool.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.pool = model_runner.token_to_kv_pool
        self.strict = strict
        self._reader = KVReaderRegistry.lookup(type(self.pool))
        if self._reader is None:
            if strict:
                raise TypeError(f"No KV reader registered for {type(self.pool).__name__}")
            self._reader = lambda pool, loc: loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.pool, self._reader(self.pool, loc)
