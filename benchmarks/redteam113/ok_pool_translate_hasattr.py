"""Duck-typed sliding-window decode backend.

Rather than importing concrete pool classes, the backend checks whether the
pool it reads supports full-to-SWA translation. The allocator is used for a
capacity snapshot recorded at start-up and in ``__repr__``.
"""

from typing import Callable, Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "swa_decode"):
        self.name = name
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._capacity = int(allocator.size)
        self._page_size = int(allocator.page_size)
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.name!r}, capacity={self._capacity}, "
            f"page_size={self._page_size}, windowed={self._translate is not None})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
