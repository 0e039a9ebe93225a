"""Dual-chunk flash attention backend; SWA pool lookup matches on (swa, draft, algorithm)."""

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

FROZEN_KV_MTP = SpeculativeAlgorithm.FROZEN_KV_MTP


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    is_draft = bool(getattr(model_runner, "is_draft_worker", False))
    match (isinstance(active, SWAKVPool), is_draft, spec):
        case (True, _, _):
            return active
        case (False, True, FROZEN_KV_MTP):
            logger.debug("frozen-KV MTP draft reads the target's SWA cache")
        case (False, True, _):
            return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


@dataclass
class DualChunkMetadata:
    seq_lens: torch.Tensor
    block_tables: torch.Tensor
    chunk_sizes: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        cfg = model_runner.model_config
        self.chunk_size = getattr(cfg, "attention_chunk_size", None) or 8192
        self.local_size = getattr(cfg, "sliding_window_size", None) or 1024
        self.forward_metadata: Optional[DualChunkMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.graph_block_tables = torch.zeros(
            max_bs, max_num_tokens, dtype=torch.int32, device=self.device
        )

    def _chunks(self, n: int) -> List[int]:
        return [min(self.chunk_size, n - i) for i in range(0, n, self.chunk_size)]

    def init_forward_metadata(self, loc: torch.Tensor):
        tables = loc
        if self.swa_pool is not None:
            tables = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DualChunkMetadata(
            seq_lens=torch.ones(loc.numel(), dtype=torch.int32),
            block_tables=tables,
            chunk_sizes=self._chunks(loc.numel()),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.kv_pool if self.swa_pool is None else self.swa_pool
        return pool, self.forward_metadata.block_tables
