"""Decode backend that keeps its own pool handle and a cached window mapping.

Location translation for the sliding-window buffer goes through the shared
token allocator, which owns the full-to-SWA index table.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 2):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.sliding_window = hasattr(self.allocator, "translate_loc_from_full_to_swa")
        self.draft_token_budget = (
            speculative_num_steps * topk if self.spec_algorithm.is_eagle() else 0
        )
        if self.is_draft_worker:
            logger.info(
                "draft worker backend: steps=%d topk=%d budget=%d",
                speculative_num_steps,
                topk,
                self.draft_token_budget,
            )

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.sliding_window:
            return loc
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def _pool(self):
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self._pool(), self._window_locs(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self._pool(), self._window_locs(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        if self.is_draft_worker:
            raise RuntimeError("verify runs on the target worker only")
        return self._pool(), self._window_locs(loc)
