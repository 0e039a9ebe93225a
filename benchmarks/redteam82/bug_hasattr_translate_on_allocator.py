"""Decode backend refactor: location remapping moved into a dedicated helper.

Remapping is enabled whenever the allocator exposes a full->SWA translation, so
the attention kernels always see sliding-window indices on hybrid models.
"""

from typing import Callable, Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._remap: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if hasattr(allocator, "translate_loc_from_full_to_swa"):
            self._remap = allocator.translate_loc_from_full_to_swa

    @property
    def uses_swa_indices(self) -> bool:
        return self._remap is not None

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._remap is None:
            return loc
        return self._remap(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._decode_locations(loc)
