"""Decode backend that discovers index remapping by duck typing.

Hybrid SWA setups expose `translate_loc_from_full_to_swa` on the token allocator; when it is
present the locations are remapped before the pool is read. The allocator also provides the
occupancy figure in `extra_repr`.
"""

from typing import Callable, Optional, Tuple

import torch

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[Translator] = getattr(
            self.allocator, "translate_loc_from_full_to_swa", None
        )

    def extra_repr(self) -> str:
        return (
            f"remap={self._translate is not None}, "
            f"free_tokens={self.allocator.available_size()}"
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
