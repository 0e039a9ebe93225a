"""Capability probing for the hybrid-window decode backend.

Both halves of the KV stack are probed once and summarised in a small
dataclass. Allocator capabilities feed the scheduler-facing hints; the decode
path keys off the pool capabilities.
"""

from dataclasses import dataclass, field
from typing import List

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVCapabilities:
    allocator_hybrid: bool
    pool_hybrid: bool
    allocator_kind: str
    pool_kind: str
    notes: List[str] = field(default_factory=list)


def probe_kv_capabilities(model_runner) -> KVCapabilities:
    allocator = model_runner.token_to_kv_pool_allocator
    pool = model_runner.token_to_kv_pool
    notes = []
    allocator_hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
    pool_hybrid = isinstance(pool, SWAKVPool)
    if allocator_hybrid != pool_hybrid:
        notes.append("allocator/pool hybrid mismatch (expected on draft workers)")
    return KVCapabilities(
        allocator_hybrid=allocator_hybrid,
        pool_hybrid=pool_hybrid,
        allocator_kind=type(allocator).__name__,
        pool_kind=type(pool).__name__,
        notes=notes,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, caps: KVCapabilities = None):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.caps = caps or probe_kv_capabilities(model_runner)

    def scheduler_hints(self) -> dict:
        return {"separate_window_budget": self.caps.allocator_hybrid}

    def forward_decode(self, loc: torch.Tensor):
        if self.caps.pool_hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
