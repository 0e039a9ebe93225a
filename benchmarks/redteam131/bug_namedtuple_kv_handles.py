"""Bundle the allocator and KV pool into a single immutable handle.

``KVHandles`` keeps the pair together so helper functions can be written
against one argument and stay easy to unit test with fakes.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class KVHandles(NamedTuple):
    pool: KVCache
    allocator: Any
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVHandles":
        return cls(
            pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=model_runner.page_size,
        )

    @property
    def has_swa_mapping(self) -> bool:
        return getattr(self.allocator, "full_to_swa_index_mapping", None) is not None


def decode_locations(handles: KVHandles, loc: torch.Tensor) -> torch.Tensor:
    """Return the slot ids the decode kernel should read."""
    if handles.has_swa_mapping:
        return handles.pool.translate_loc_from_full_to_swa(loc)
    return loc


class GeneratedAttnBackend:
    """Decode backend built on :class:`KVHandles`."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.handles = KVHandles.from_runner(model_runner)
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device

    def __repr__(self) -> str:
        return (
            f"GeneratedAttnBackend(pool={type(self.handles.pool).__name__}, "
            f"swa={self.handles.has_swa_mapping}, splits={self.num_kv_splits})"
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.handles.pool, decode_locations(self.handles, loc)
