"""SWA pool resolution shared by the target and speculative draft workers.

Draft workers that run with a frozen KV cache (MTP) do not own a sliding
window region, so resolution short-circuits for them; every other runner
resolves through its active pool and then the allocator's cache.
"""

import contextlib
import logging
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id: int = 0):
        self.model_runner = model_runner
        self.layer_id = layer_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @contextlib.contextmanager
    def _decode_scope(self) -> Iterator[Optional[SWAKVPool]]:
        swa_pool = get_swa_kv_pool(self.model_runner)
        logger.debug("layer %d decode, swa=%s", self.layer_id, swa_pool is not None)
        with torch.no_grad():
            yield swa_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._decode_scope() as swa_pool:
            if swa_pool is not None:
                return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
