"""Backend that takes page alignment from the allocator (checked against the pool) and the window decision from the pool."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.page_size = allocator.page_size
        if getattr(pool, "page_size", self.page_size) != self.page_size:
            raise ValueError("allocator and pool disagree on page size")
        self.pool = pool
        self._translate = (
            pool.translate_loc_from_full_to_swa
            if callable(getattr(pool, "translate_loc_from_full_to_swa", None))
            else None
        )

    def page_of(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, self.page_size, rounding_mode="floor")

    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
