"""Attention backend for a Cohere-style hybrid model that reads KV through a small NamedTuple view."""

from typing import Callable, NamedTuple, Optional

import torch


class KVView(NamedTuple):
    pool: object
    to_window: Optional[Callable[[torch.Tensor], torch.Tensor]]
    page_size: int = 1

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.to_window is None:
            return loc
        return self.to_window(loc)


def make_kv_view(runner) -> KVView:
    pool = runner.token_to_kv_pool
    index_owner = runner.token_to_kv_pool_allocator
    return KVView(
        pool,
        getattr(index_owner, "translate_loc_from_full_to_swa", None),
        page_size=index_owner.page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.view = make_kv_view(model_runner)

    def forward_decode(self, loc):
        return self.view.pool, self.view.locations(loc)
