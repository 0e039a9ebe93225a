"""Decode backend that stamps per-step metadata from a prebuilt template.

The template is built at init with every field that does not change between
steps; each step takes a shallow copy and fills in the locations.
"""

import copy
from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class DecodeMetadata:
    pool: object
    page_size: int
    windowed: bool
    cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        # Hybrid pools expose the full->window translation; plain pools do not.
        windowed = callable(getattr(pool, "translate_loc_from_full_to_swa", None))
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._template = DecodeMetadata(
            pool=pool, page_size=model_runner.page_size, windowed=windowed
        )
        self.last_metadata: Optional[DecodeMetadata] = None

    def _stamp(self, loc: torch.Tensor) -> DecodeMetadata:
        meta = copy.copy(self._template)
        if meta.windowed:
            meta.cache_loc = meta.pool.translate_loc_from_full_to_swa(loc)
        else:
            meta.cache_loc = loc
        return meta

    def free_finished(self, loc: torch.Tensor) -> None:
        self.allocator.free(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.last_metadata = meta = self._stamp(loc)
        return meta.pool, meta.cache_loc
