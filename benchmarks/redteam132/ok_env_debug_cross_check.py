"""Decode backend with an opt-in translation cross-check.

Set ``SGLANG_SWA_DEBUG_TRANSLATE=1`` to compare the pool's full->SWA translation
with the allocator's view on every decode step. Off by default; the check only
runs when this backend actually owns a hybrid pool.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEBUG_TRANSLATE = os.environ.get("SGLANG_SWA_DEBUG_TRANSLATE", "0").lower() in ("1", "true")


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug: Optional[bool] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.debug = _DEBUG_TRANSLATE if debug is None else debug
        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def _debug_compare(self, loc: torch.Tensor, swa_loc: torch.Tensor) -> None:
        reference = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        if not torch.equal(reference, swa_loc):
            logger.error(
                "full->swa translation mismatch: pool=%s allocator=%s",
                swa_loc.tolist(),
                reference.tolist(),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.debug:
            self._debug_compare(loc, swa_loc)
        return self.swa_pool, swa_loc
