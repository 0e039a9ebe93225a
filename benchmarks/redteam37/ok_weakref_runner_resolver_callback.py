"""Decode backend holding its runner weakly and resolving the SWA pool through a stored callback."""

import logging
import weakref
from typing import Callable, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def default_swa_resolver(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    swa_resolver: Callable[[object], Optional[SWAKVPool]] = staticmethod(default_swa_resolver)

    def __init__(self, model_runner):
        self._runner_ref = weakref.ref(model_runner)
        self._swa_kv_pool: Optional[SWAKVPool] = None
        self._resolved = False

    def _runner(self):
        runner = self._runner_ref()
        if runner is None:
            raise RuntimeError("model runner was released before the attention backend")
        return runner

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if not self._resolved:
            self._swa_kv_pool = self.swa_resolver(self._runner())
            self._resolved = True
        return self._swa_kv_pool

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self._runner().token_to_kv_pool, loc
