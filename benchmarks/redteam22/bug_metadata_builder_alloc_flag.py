"""Decode backend that builds a per-runner KV metadata record once and reuses it every step."""

from dataclasses import dataclass
from typing import Any

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass(frozen=True)
class DecodeKVMetadata:
    kv_pool: Any
    windowed: bool


def build_decode_metadata(model_runner) -> DecodeKVMetadata:
    allocator = model_runner.token_to_kv_pool_allocator
    windowed = isinstance(allocator, SWATokenToKVPoolAllocator)
    kv_pool = allocator.get_kvcache() if windowed else model_runner.token_to_kv_pool
    return DecodeKVMetadata(kv_pool=kv_pool, windowed=windowed)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.metadata = build_decode_metadata(model_runner)

    def forward_decode(self, loc):
        md = self.metadata
        if not md.windowed:
            return md.kv_pool, loc
        return md.kv_pool, md.kv_pool.translate_loc_from_full_to_swa(loc)
