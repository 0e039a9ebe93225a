"""Decode backend whose speculative-draft view is derived from the base view.

The base view is built once from the runner; draft workers get a shallow copy
with draft-specific step buffers so the two never alias captured graph inputs.
"""

import copy
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._lookup_swa_pool()
        self.step_locs = torch.zeros(64, dtype=torch.int64)
        self._view = self
        if model_runner.is_draft_worker:
            self._view = self._make_draft_view()

    def _lookup_swa_pool(self):
        kvcache = self.allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    def _make_draft_view(self) -> "GeneratedAttnBackend":
        view = copy.copy(self)
        # Separate per-step buffers so the draft's captured graphs get their own storage.
        view.step_locs = torch.zeros(64 * self.speculative_num_steps, dtype=torch.int64)
        view._view = view
        logger.debug("draft view created (topk=%d)", self.topk)
        return view

    def _locations(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_decode(self, loc: torch.Tensor):
        view = self._view
        view.step_locs[: loc.numel()].copy_(loc)
        return view._locations(view.step_locs[: loc.numel()])
