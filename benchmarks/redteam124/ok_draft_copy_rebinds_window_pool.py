"""Decode backend with a shallow-copied view for speculative draft workers.

The base view takes the hybrid cache the allocator was built over; draft
views are copied from it and rebound to the draft runner's own pool unless
the draft reuses the target's frozen KV.
"""

import copy
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.decode_locs = torch.zeros(256, dtype=torch.int64)
        self._active = self
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            self._active = self._derive_draft_view()

    def _derive_draft_view(self) -> "GeneratedAttnBackend":
        view = copy.copy(self)
        view.decode_locs = torch.zeros(256 * self.topk, dtype=torch.int64)
        view.swa_pool = view.kv_pool if isinstance(view.kv_pool, SWAKVPool) else None
        view._active = view
        logger.debug("draft view: windowed=%s", view.swa_pool is not None)
        return view

    def _read_locations(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        view = self._active
        n = loc.numel()
        view.decode_locs[:n].copy_(loc)
        return view._read_locations(view.decode_locs[:n].clone())
