"""FlashAttention-3 backend: spec-decode metadata and a two-step SWA pool resolver."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _active_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _shared_swa_pool(model_runner) -> Optional[SWAKVPool]:
    # Some workers wrap the pool; fall back to what the allocator hands out.
    get_kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
    if get_kvcache is None:
        return None
    kvcache = get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return _active_swa_pool(model_runner) or _shared_swa_pool(model_runner)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 0):
        self.device = model_runner.device
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.swa_pool = resolve_swa_pool(model_runner)
        self.kv_pool = self.swa_pool or model_runner.token_to_kv_pool
        self.forward_metadata = FlashAttentionMetadata()
        self.draft_decode_metadata_topk_normal = {}

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(page_table=loc)
        if self.swa_pool is not None:
            md.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        if md.swa_page_table is None:
            return self.kv_pool, md.page_table
        return self.kv_pool, md.swa_page_table
