"""TRTLLM MHA backend: cuda-graph page tables with a sliding-window twin."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    cache_seqlens_int32: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.device = model_runner.device
        self.page_size = max(1, getattr(model_runner, "page_size", 1))
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.forward_metadata = TRTLLMMHAMetadata()
        self.decode_cuda_graph_metadata = {}
        logger.info(
            "TRTLLM MHA on %s (allocator %s)",
            type(self.kv_pool).__name__,
            type(self.kv_allocator).__name__,
        )

    @property
    def kv_allocator(self):
        return self.runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self):
        return self.runner.token_to_kv_pool

    @property
    def is_swa(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # The allocator's capacity bounds the page table width for every worker.
        pages = (self.kv_allocator.size + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata["page_table"] = torch.zeros(
            (max_bs, pages), dtype=torch.int32, device=self.device
        )
        if self.is_swa:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros_like(
                self.decode_cuda_graph_metadata["page_table"]
            )

    def _swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.full_to_swa_index_mapping[loc]

    def init_forward_metadata(self, loc: torch.Tensor):
        md = TRTLLMMHAMetadata(page_table=loc)
        if self.is_swa:
            md.swa_page_table = self._swa_page_table(loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        locations = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.kv_pool, locations
