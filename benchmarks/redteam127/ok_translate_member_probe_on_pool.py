"""Decode backend that duck-types the sliding-window translation.

Rather than importing pool classes, the backend checks whether the pool it
reads from can translate full-attention locations; pools without that member
are plain full-attention caches.
"""

from typing import Callable, Optional, Tuple

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_swa: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if enable_swa:
            self._translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)

    def init_forward_metadata(self, forward_batch) -> None:
        # Nothing to precompute: decode reads locations straight from the batch.
        return None

    @property
    def uses_swa(self) -> bool:
        return self._translate is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.uses_swa:
            return self.kv_pool, self._translate(loc)
        return self.kv_pool, loc
