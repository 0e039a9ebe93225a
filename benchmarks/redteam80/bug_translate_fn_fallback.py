"""Translation hook selection for the Wave decode backend.

Older pools did not expose the translation themselves, so the hook falls back
to whatever object in the pair offers it.
"""

from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Translator = Callable[[torch.Tensor], torch.Tensor]


def _translate_fn(a, b) -> Optional[Translator]:
    if isinstance(a, SWAKVPool):
        return a.translate_loc_from_full_to_swa
    return getattr(b, "translate_loc_from_full_to_swa", None)


class GeneratedAttnBackend:
    """Wave decode backend (SWA-aware)."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.pool = model_runner.token_to_kv_pool
        self.translate: Optional[Translator] = _translate_fn(
            self.pool, model_runner.token_to_kv_pool_allocator
        )

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.translate is None else self.translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._indices(loc)
