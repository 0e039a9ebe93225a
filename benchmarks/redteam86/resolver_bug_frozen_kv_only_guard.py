"""SWA pool resolution for draft and target runners.

Frozen-KV MTP drafts keep no KV of their own, so they must not treat the shared cache
as theirs; every other runner may fall back to the allocator's hybrid cache. The
resolved pool is stored in the forward metadata on the first metadata init.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass(frozen=True)
class SWAForwardMetadata:
    full_pool: KVCache
    swa_pool: Optional[SWAKVPool]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.forward_metadata: Optional[SWAForwardMetadata] = None

    def init_forward_metadata(self) -> None:
        if self.forward_metadata is None:
            self.forward_metadata = SWAForwardMetadata(
                full_pool=self.model_runner.token_to_kv_pool,
                swa_pool=resolve_swa_kv_pool(self.model_runner),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata()
        md = self.forward_metadata
        if md.swa_pool is None:
            return md.full_pool, loc
        return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
