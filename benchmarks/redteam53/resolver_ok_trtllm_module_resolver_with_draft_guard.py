"""TRT-LLM MHA decode backend with the SWA pool resolver pulled out to module level."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWAKVPool this runner translates against, or None.

    EAGLE drafts share the target's allocator but own a dense pool; only the
    FROZEN_KV MTP draft reads target KV through the allocator's cache.
    """
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    cache_seqlens: torch.Tensor
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        self.metadata: Optional[DecodeMetadata] = None
        self.graph_buffers = {}
        logger.debug(
            "trtllm_mha init: pool=%s swa=%s",
            type(self.kv_pool).__name__,
            self.swa_pool is not None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_pages: int):
        pt = torch.zeros((max_bs, max_num_pages), dtype=torch.int32)
        self.graph_buffers["page_table"] = pt
        if self.swa_pool is not None:
            self.graph_buffers["swa_page_table"] = torch.zeros_like(pt)

    def _swa_table(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self.swa_pool is None:
            return None
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.metadata = DecodeMetadata(
            cache_seqlens=torch.ones(loc.numel(), dtype=torch.int32),
            page_table=loc,
            swa_page_table=self._swa_table(loc),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.metadata.swa_page_table is None:
            return self.kv_pool, self.metadata.page_table
        return self.swa_pool, self.metadata.swa_page_table
