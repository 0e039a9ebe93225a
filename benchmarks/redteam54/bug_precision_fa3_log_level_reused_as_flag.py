"""FlashAttention-3 backend; logs its KV configuration once at startup."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_cache = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator

        # hybrid allocators are noisy enough to deserve INFO, others stay quiet
        self._startup_log_level = (
            logging.INFO if hasattr(alloc, "translate_loc_from_full_to_swa") else logging.DEBUG
        )
        logger.log(
            self._startup_log_level,
            "FA3 backend: pool=%s allocator=%s page_size=%d",
            type(self.kv_cache).__name__,
            type(alloc).__name__,
            self.page_size,
        )
        self.has_swa = self._startup_log_level == logging.INFO
        self.forward_metadata = FlashAttentionMetadata()
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["cache_seqlens"] = torch.zeros(max_bs, dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata()
        md.cache_seqlens_int32 = torch.ones(loc.numel(), dtype=torch.int32)
        md.page_table = loc.view(-1, 1)
        if self.has_swa:
            md.swa_page_table = self.kv_cache.translate_loc_from_full_to_swa(loc).view(-1, 1)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.kv_cache, table.view(-1)
