"""Read-only proxy over the runner's KV pool.

``ReadOnlyKVPool`` forwards reads to the wrapped pool and rejects writes, which
lets us hand the pool to debugging hooks without risking cache corruption.
"""

from __future__ import annotations

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_WRITE_METHODS = frozenset({"set_kv_buffer", "set_mla_kv_buffer", "move_kv_cache"})


class ReadOnlyKVPool:
    def __init__(self, pool):
        self._pool = pool

    @property
    def wrapped(self):
        return self._pool

    def __getattr__(self, name: str):
        if name in _WRITE_METHODS:
            raise PermissionError(f"{name} is not allowed on a read-only pool view")
        return getattr(self._pool, name)

    def is_hybrid_swa(self) -> bool:
        return isinstance(self._pool, SWAKVPool)


class GeneratedAttnBackend:
    """Decode backend that reads through a ``ReadOnlyKVPool``."""

    def __init__(self, model_runner, debug_hooks=None):
        self.view = ReadOnlyKVPool(model_runner.token_to_kv_pool)
        self.debug_hooks = list(debug_hooks or [])

    def forward_decode(self, loc: torch.Tensor):
        for hook in self.debug_hooks:
            hook(self.view, loc)
        if self.view.is_hybrid_swa():
            return self.view.wrapped, self.view.translate_loc_from_full_to_swa(loc)
        return self.view.wrapped, loc
