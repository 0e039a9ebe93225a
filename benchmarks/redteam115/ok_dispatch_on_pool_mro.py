"""Decode backend that picks its KV view by dispatching on the pool type.

Dispatch walks the pool's MRO so subclasses of a registered pool reuse its
handler (e.g. custom SWA pools derived from ``SWAKVPool``).
"""

from typing import Callable, Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Handler = Callable[[KVCache, torch.Tensor], Tuple[KVCache, torch.Tensor]]

_HANDLERS: Dict[type, Handler] = {
    SWAKVPool: lambda pool, loc: (pool, pool.translate_loc_from_full_to_swa(loc)),
    MHATokenToKVPool: lambda pool, loc: (pool, loc),
    KVCache: lambda pool, loc: (pool, loc),
}


def lookup_handler(pool: KVCache) -> Handler:
    return next(
        (_HANDLERS[k] for k in type(pool).__mro__ if k in _HANDLERS),
        lambda p, loc: (p, loc),
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, handlers: Dict[type, Handler] = None):
        if handlers:
            _HANDLERS.update(handlers)
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.handler: Handler = lookup_handler(self.pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.handler(self.pool, loc)
