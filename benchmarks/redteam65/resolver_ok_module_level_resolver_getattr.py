"""Shared SWA pool resolution for TRT-LLM MHA and its MTP variant.

``resolve_swa_kv_pool`` is a module-level helper so the MTP backend and the
regular decode backend agree on which SWA pool a runner translates against.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    is_draft = getattr(model_runner, "is_draft_worker", False)
    if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # EAGLE-style drafts own their KV pool; only FROZEN_KV MTP reads target KV.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class TRTLLMMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 64):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.cuda_graph_page_table = torch.zeros(max_bs, dtype=torch.int64)
        self.cuda_graph_swa_page_table = (
            torch.zeros(max_bs, dtype=torch.int64) if self.swa_kv_pool is not None else None
        )
        self.forward_metadata: Optional[TRTLLMMetadata] = None

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> None:
        bs = loc.shape[0]
        self.cuda_graph_page_table[:bs].copy_(loc)
        md = TRTLLMMetadata(page_table=self.cuda_graph_page_table[:bs])
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_page_table[:bs].copy_(
                self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            )
            md.swa_page_table = self.cuda_graph_swa_page_table[:bs]
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata_replay_cuda_graph(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table.clone()
        return self.token_to_kv_pool, md.page_table.clone()
