"""Hybrid SWA backend with distinct draft-extend and target-verify paths.

Target verify reads the full window for all draft tokens; draft extend only
needs the tail. Both go through the window view of the runner's own pool.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 2, topk: int = 4):
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self._pool: KVCache = model_runner.token_to_kv_pool
        self._swa_pool: Optional[SWAKVPool] = None
        if isinstance(self._pool, SWAKVPool):
            self._swa_pool = self._pool
        elif not self.spec_algorithm.is_none():
            logger.debug("speculative runner without SWA pool (draft=%s)", self.is_draft_worker)
        self.num_verify_tokens = speculative_num_steps * topk + 1

    def _window(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc

    def forward_decode(self, loc: torch.Tensor):
        return self._window(loc)

    def forward_draft_extend(self, loc: torch.Tensor, accept_length: int = 1):
        pool, locs = self._window(loc)
        return pool, locs[-accept_length:] if accept_length else locs

    def forward_target_verify(self, loc: torch.Tensor):
        if self.is_draft_worker:
            raise RuntimeError("verify is a target-side pass")
        return self._window(loc)
