"""Decode backend holding a weak reference to its runner and a lazily resolved window pool."""

import logging
import weakref
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # The runner owns the backend; avoid a reference cycle.
        self._runner_ref = weakref.ref(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self._window_pool = _UNSET

    @property
    def runner(self):
        runner = self._runner_ref()
        assert runner is not None, "model runner was garbage collected"
        return runner

    @property
    def window_pool(self) -> Optional[SWAKVPool]:
        if self._window_pool is _UNSET:
            kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
            self._window_pool = kv if isinstance(kv, SWAKVPool) else None
            logger.debug("window pool resolved lazily: %s", self._window_pool is not None)
        return self._window_pool

    def reset(self):
        self._window_pool = _UNSET

    def forward_decode(self, loc):
        pool = self.window_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
