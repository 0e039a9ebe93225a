"""KV proxy with a fallback chain for pool-level helpers.

Some helpers (location translation, mapping registration) historically lived on
the allocator and later moved to the pool. ``_KVProxy`` looks a name up on the
pool first and falls back to the allocator so older call sites keep working.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional

import torch

logger = logging.getLogger(__name__)


class _KVProxy:
    def __init__(self, pool, allocator):
        self._pool = pool
        self._allocator = allocator

    def __getattr__(self, name: str) -> Any:
        try:
            return getattr(self._pool, name)
        except AttributeError:
            return getattr(self._allocator, name)

    @property
    def pool(self):
        return self._pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_swa: bool = True):
        self.kv = _KVProxy(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if enable_swa:
            translate = getattr(self.kv, "translate_loc_from_full_to_swa", None)
        self._translate = translate
        logger.info("sliding-window translation %s", "on" if translate else "off")

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.kv.pool, loc
        return self.kv.pool, self._translate(loc)
