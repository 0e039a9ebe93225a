"""Minimal decode backend keyed on what the pool itself can do.

Pools that keep a separate sliding-window sub-pool expose
``translate_loc_from_full_to_swa``; plain pools are addressed by full indices.
"""

from typing import Callable, Optional, Tuple

import torch

TranslateFn = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, scale: Optional[float] = None):
        self.scale = scale
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[TranslateFn] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )

    @property
    def uses_window_indices(self) -> bool:
        return self._translate is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.uses_window_indices:
            return self.kv_pool, self._translate(loc)
        return self.kv_pool, loc

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(pool={type(self.kv_pool).__name__}, "
            f"window_indices={self.uses_window_indices})"
        )
