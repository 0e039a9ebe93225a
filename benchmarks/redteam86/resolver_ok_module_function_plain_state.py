"""Module-level SWA pool resolver shared by the decode backends.

``resolve_swa_pool`` mirrors the model runner's own logic. The backend keeps the
result in a plain ``_DecodeState`` object populated on the first forward.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class _DecodeState:
    def __init__(self):
        self.ready = False
        self.pool: Optional[KVCache] = None
        self.swa_pool: Optional[SWAKVPool] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._state = _DecodeState()

    def _prepare(self) -> _DecodeState:
        st = self._state
        if not st.ready:
            st.pool = self.model_runner.token_to_kv_pool
            st.swa_pool = resolve_swa_pool(self.model_runner)
            st.ready = True
            logger.debug("decode state ready: swa=%s", st.swa_pool is not None)
        return st

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        st = self._prepare()
        if st.swa_pool is None:
            return st.pool, loc
        return st.swa_pool, st.swa_pool.translate_loc_from_full_to_swa(loc)
