"""Decode-only attention backend that defers KV-view setup to the first forward call.

Hybrid sliding-window models register a full->SWA index mapping on the pool only after
the memory pool has been finalised, so the view is built lazily the first time
``forward_decode`` runs rather than in ``__init__``.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self._kv_pool: Optional[KVCache] = None
        self._swa_pool: Optional[SWAKVPool] = None
        self._initialized = False

    def _lazy_init(self) -> None:
        if self._initialized:
            return
        pool = self.model_runner.token_to_kv_pool
        self._kv_pool = pool
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None
        logger.debug(
            "Initialised decode KV view: pool=%s swa=%s",
            type(pool).__name__,
            self._swa_pool is not None,
        )
        self._initialized = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._lazy_init()
        if self._swa_pool is None:
            return self._kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
