"""Decode backend tolerant of pool wrappers.

Wrapped pools (HiCache, disaggregation) do not always forward the window
translation; in that case the shared allocator performs it.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 2, topk: int = 1):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.draft = model_runner.is_draft_worker
        self.verify_buffer = torch.empty(
            0 if model_runner.spec_algorithm.is_none() else speculative_num_steps * topk + 1,
            dtype=torch.int64,
        )
        self._warned = False

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            return self.pool.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            if not self._warned:
                logger.warning(
                    "%s has no window translation; using allocator (draft=%s)",
                    type(self.pool).__name__,
                    self.draft,
                )
                self._warned = True
            return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.pool, self._translate(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        locs = self._translate(loc)
        self.verify_buffer = locs.clone()
        return self.pool, locs

    def is_swa(self) -> bool:
        return isinstance(self.pool, SWAKVPool)
