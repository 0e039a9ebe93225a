"""Decode backend with optional full->window slot translation.

Instead of importing the hybrid allocator type we feature-detect the
translation hook; allocators without a window index space simply do not
define it.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

IndexTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_translation: bool = False):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._translate: Optional[IndexTranslator] = None
        if not skip_translation and hasattr(allocator, "translate_loc_from_full_to_swa"):
            self._translate = allocator.translate_loc_from_full_to_swa

    @property
    def has_window_translation(self) -> bool:
        return self._translate is not None

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate is None:
            return loc
        return self._translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._decode_locations(loc)
        return self.kv_pool, locations
