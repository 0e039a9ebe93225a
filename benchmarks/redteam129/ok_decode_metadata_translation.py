"""Decode backend that precomputes per-step KV metadata for sliding-window layers."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    pool: KVCache
    kv_indices: torch.Tensor
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_decode_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        swa = self.swa_kv_pool
        if swa is not None:
            meta = DecodeMetadata(swa, swa.translate_loc_from_full_to_swa(loc), True)
        else:
            meta = DecodeMetadata(self.kv_pool, loc)
        self.forward_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_decode_metadata(loc)
        return meta.pool, meta.kv_indices
