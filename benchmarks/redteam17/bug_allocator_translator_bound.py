"""Backend storing the bound translate_loc_from_full_to_swa of the shared allocator, or None for a plain allocator."""

from typing import Callable, Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._full_to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
        )

    def _window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self._full_to_swa is None:
            return loc
        return self._full_to_swa(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._window_indices(loc)
