"""Decode backend used on the decode side of prefill/decode disaggregation. It sizes
the KV transfer staging area from the allocator and reads the local KV pool."""

import math
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_TRANSFER_CHUNK_TOKENS = 4096


@dataclass(frozen=True)
class TransferPlan:
    full_chunks: int
    swa_chunks: int

    @classmethod
    def from_allocator(cls, allocator) -> "TransferPlan":
        full_chunks = math.ceil(allocator.size / _TRANSFER_CHUNK_TOKENS)
        size_swa = getattr(allocator, "size_swa", 0)
        return cls(full_chunks, math.ceil(size_swa / _TRANSFER_CHUNK_TOKENS))


def _is_hybrid_pool(pool) -> bool:
    return isinstance(pool, SWAKVPool)


class GeneratedAttnBackend:
    """Reads the local hybrid cache; the transfer plan is only used for staging."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.transfer_plan = TransferPlan.from_allocator(model_runner.token_to_kv_pool_allocator)
        self.hybrid = _is_hybrid_pool(self.token_to_kv_pool)
        self.staging = torch.empty(
            (self.transfer_plan.full_chunks + self.transfer_plan.swa_chunks,), dtype=torch.int64
        )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.hybrid:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
