"""TRT-LLM MHA backend port that enables the full->swa page table when the allocator's window is smaller."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_SIZE_MB = 128


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """TRTLLMHAAttnBackend decode path with the fused page-table builder inlined."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.workspace_size = DEFAULT_WORKSPACE_SIZE_MB * 1024 * 1024
        self.decode_cuda_graph_metadata = {}

        allocator = model_runner.token_to_kv_pool_allocator
        full_tokens = getattr(allocator, "size_full", allocator.size)
        window_tokens = getattr(allocator, "size_swa", full_tokens)
        if window_tokens < full_tokens:
            self._swa_full_to_swa_mapping = allocator.full_to_swa_index_mapping
            logger.info(
                "trtllm_mha: hybrid SWA cache (%d full / %d window tokens)",
                full_tokens,
                window_tokens,
            )
        else:
            self._swa_full_to_swa_mapping = None
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int):
        if self._swa_full_to_swa_mapping is None:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def _fill_page_table(self, metadata: TRTLLMMHAMetadata, loc: torch.Tensor):
        metadata.page_table = loc // self.page_size
        if self._swa_full_to_swa_mapping is not None:
            swa_loc = self._swa_full_to_swa_mapping[loc]
            metadata.swa_page_table = swa_loc // self.page_size

    def init_forward_metadata(self, loc: torch.Tensor):
        metadata = TRTLLMMHAMetadata(cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32))
        self._fill_page_table(metadata, loc)
        self.forward_metadata = metadata

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode (page_size 1: pages are slots)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, table
