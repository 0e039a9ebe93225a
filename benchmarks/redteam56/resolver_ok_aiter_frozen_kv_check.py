"""AITER backend port: SWA pool resolved as upstream does, draft guard adapted for MTP."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWA pool this runner's SWA layers read, or None for full-only reads."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    frozen_kv = getattr(spec, "is_frozen_kv_mtp", lambda: False)()
    # Drafts own a full-only cache, except FROZEN_KV MTP which reads the target KV.
    if model_runner.is_draft_worker and not frozen_kv:
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


@dataclass
class AiterSWAMetadata:
    swa_page_table: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        # Shared allocator: its SWA size bounds the page table for target and draft alike.
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_table_cols = int(getattr(allocator, "size_swa", allocator.size))
        self.swa_metadata = AiterSWAMetadata()
        self.cuda_graph_swa_page_table: Optional[torch.Tensor] = None
        logger.info("aiter: swa pool %s", type(self.swa_kv_pool).__name__)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_page_table = torch.zeros(
                (max_bs, min(max_num_tokens, self.swa_table_cols)),
                dtype=torch.int32,
                device=self.device,
            )

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            self.swa_metadata = AiterSWAMetadata()
            return
        self.swa_metadata = AiterSWAMetadata(
            swa_loc=self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_metadata.swa_loc
        return self.token_to_kv_pool, loc
