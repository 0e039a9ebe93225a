"""Decode backend that asks the allocator which KV cache class it manages."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import torch

logger = logging.getLogger(__name__)


@dataclass
class BackendState:
    kv_cache: object
    hybrid: bool
    kv_indptr: torch.Tensor = field(default=None)


def _managed_cache(allocator):
    get_kvcache = getattr(allocator, "get_kvcache", None)
    return get_kvcache() if get_kvcache is not None else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        managed = _managed_cache(model_runner.token_to_kv_pool_allocator)
        hybrid = getattr(type(managed), "__name__", "") == "SWAKVPool"
        self.state = BackendState(
            kv_cache=managed if hybrid else model_runner.token_to_kv_pool,
            hybrid=hybrid,
        )
        self.state.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1,
            dtype=torch.int32,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self.state.hybrid:
            return (
                self.state.kv_cache,
                self.state.kv_cache.translate_loc_from_full_to_swa(loc),
            )
        return self.state.kv_cache, loc
