"""Decode backend tolerant of older runners, resolving its SWA pool through getattr defaults."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cu_seqlens_k: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


def _is_frozen_kv(runner) -> bool:
    spec = getattr(runner, "spec_algorithm", None)
    check = getattr(spec, "is_frozen_kv_mtp", None)
    return bool(check()) if check is not None else False


def _resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    active = getattr(runner, "token_to_kv_pool", None)
    if isinstance(active, SWAKVPool):
        return active
    if getattr(runner, "is_draft_worker", False) and not _is_frozen_kv(runner):
        return None
    allocator = getattr(runner, "token_to_kv_pool_allocator", None)
    kvcache = allocator.get_kvcache() if allocator is not None else None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cuda")
        self.page_size = getattr(model_runner, "page_size", 1)
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        seqlens = forward_batch.seq_lens.to(torch.int32)
        metadata = DecodeMetadata(
            cu_seqlens_k=torch.nn.functional.pad(
                torch.cumsum(seqlens, 0, dtype=torch.int32), (1, 0)
            )
        )
        if self.swa_pool is not None:
            metadata.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
