"""Multi-step draft attention with window indices computed once per round.

All draft steps read the same cache locations, so the wrapper translates them to
sliding-window indices up front and feeds the result to every step backend.
"""

from __future__ import annotations

from typing import List, Optional

import torch


class _DraftStep:
    def __init__(self, kv_pool, step_id: int):
        self.kv_pool = kv_pool
        self.step_id = step_id

    def forward_decode(self, loc: torch.Tensor, window_loc: Optional[torch.Tensor] = None):
        return self.kv_pool, (window_loc if window_loc is not None else loc)


class MultiStepDraftAttn:
    def __init__(self, model_runner, num_steps: int = 2):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.has_window = hasattr(self.allocator, "translate_loc_from_full_to_swa")
        self.steps: List[_DraftStep] = [_DraftStep(self.kv_pool, i) for i in range(num_steps)]

    def _window_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.has_window:
            return None
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        window_loc = self._window_loc(loc)
        result = None
        for step in self.steps:
            result = step.forward_decode(loc, window_loc)
        return result


GeneratedAttnBackend = MultiStepDraftAttn
